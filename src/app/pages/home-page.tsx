import { ButtonLink } from '@/ui/button';

/** The landing page's hero (shell spec 2.4); the sections below it come with the landing page work. */
export function HomePage() {
  return (
    <section className="hero">
      <div className="hero__inner">
        <h1 className="hero__title">Making Home Service Seamless and Living Easy</h1>
        <p className="hero__lead">
          Highly vetted and certified maids, tutors, plumbers, electricians and home shifters near you, and homes to
          rent across Bangladesh. Available 24/7.
        </p>
        <div className="hero__actions">
          <ButtonLink to="/main/add-rent">Post Rent Ad</ButtonLink>
          <ButtonLink to="/main/offer-service" variant="secondary">
            Offer Service
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
