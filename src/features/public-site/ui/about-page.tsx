import { ButtonLink } from '@/ui/button';
import { InfoPage } from './info-page';

export function AboutPage() {
  return (
    <InfoPage
      title="About Basha"
      lead="Basha (বাসা) means home. We help families across Bangladesh find a place to live and the people who keep a home running."
    >
      <h2>What we do</h2>
      <p>
        Basha is one place to rent a room, flat, shop or office, and to book the people a household depends on: maids,
        home shifters, plumbers, tutors, electricians, IT providers and painters. Prices are shown in taka, up front, by
        the people offering the work.
      </p>
      <h2>Why we built it</h2>
      <p>
        Finding a trustworthy electrician or a bachelor room in Dhaka still means phone calls, notice boards and word of
        mouth. Listings are scattered, prices are hidden and reviews are hard to find. Basha puts them in one app that
        works on an inexpensive Android phone and keeps working when the mobile network drops.
      </p>
      <h2>How trust works</h2>
      <ul>
        <li>Every account is confirmed with a code sent to its e-mail address.</li>
        <li>Providers list at most two services, with their areas, hours and price range.</li>
        <li>Clients review the services they used, and everyone can read those reviews before booking.</li>
        <li>Only the person who posted a rent ad can change or remove it.</li>
      </ul>
      <h2>Built for real connections</h2>
      <p>
        Listings you have seen are kept on your phone, so you can search, filter and read them offline. An ad, service
        or review you post while offline is sent once, automatically, as soon as you are back online.
      </p>
      <p>
        <ButtonLink to="/auth/register">Join Basha</ButtonLink>
      </p>
    </InfoPage>
  );
}
