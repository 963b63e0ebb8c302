/** /main/about-us: what Basha is, for people already using it. */
export function AboutUsPage() {
  return (
    <article className="page page--narrow">
      <div className="card page__card">
        <h1>About Basha</h1>
        <p>
          Basha (বাসা, “home”) helps people in Bangladesh find a place to live and the people who keep a home running:
          maids, home shifters, plumbers, tutors, electricians, IT providers and painters.
        </p>
        <h2>Built for real connections</h2>
        <p>
          Many of us browse on a budget Android phone over a patchy mobile connection. Basha keeps the listings you have
          seen on your phone, so you can filter, sort and read them even when the network drops, and anything you post
          while offline is sent once, as soon as you are back online.
        </p>
        <h2>Trust first</h2>
        <p>
          Every account is verified by a code sent to its e-mail. Providers show their prices in taka, their service
          areas and their hours up front, and clients review the services they used, so the next family can choose with
          confidence.
        </p>
        <h2>Offer what you do best</h2>
        <p>Anyone can list up to two services and post rooms, flats, shops and offices for rent. Listing is free.</p>
      </div>
    </article>
  );
}
