import { ButtonLink } from '@/ui/button';
import { InfoPage } from './info-page';

/** /main/about-us: Basha explained to people already using it, with the ways to make the most of it. */
export function AboutUsPage() {
  return (
    <InfoPage
      title="About Basha"
      lead="Basha (বাসা, home) helps people in Bangladesh find a place to live and the people who keep a home running."
    >
      <h2>Built for real connections</h2>
      <p>
        Many of us browse on a budget Android phone over a patchy mobile connection. Basha keeps the listings you have
        seen on your phone, so you can filter, sort and read them even when the network drops, and anything you post
        while offline is sent once, as soon as you are back online.
      </p>
      <h2>Trust first</h2>
      <p>
        Every account is verified by a code sent to its e-mail. Providers show their prices in taka, their service areas
        and their hours up front, and clients review the services they used, so the next family can choose with
        confidence.
      </p>
      <h2>Make the most of it</h2>
      <ul>
        <li>Post your room, flat, shop or office with up to five photos. Listing is free.</li>
        <li>Offer up to two services you do well, with your areas, days and price range.</li>
        <li>Review the people you hired; your review helps your neighbours.</li>
      </ul>
      <p className="info-page__actions">
        <ButtonLink to="/main/add-rent">Post Rent Ad</ButtonLink>{' '}
        <ButtonLink to="/main/offer-service" variant="secondary">
          Offer Service
        </ButtonLink>
      </p>
    </InfoPage>
  );
}
