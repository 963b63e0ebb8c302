import { ButtonLink } from '@/ui/button';
import { ResponsiveImage } from '@/ui/responsive-image';

export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <ResponsiveImage
        className="hero__backdrop"
        base="/images/landing/hero"
        widths={[480, 960, 1600]}
        width={1600}
        height={900}
        alt=""
        loading="eager"
        fetchPriority="high"
      />
      <div className="hero__inner">
        <p className="hero__kicker">Home services and rentals in Bangladesh</p>
        <h1 className="hero__title" id="hero-title">
          Making Home Service Seamless and Living Easy
        </h1>
        <p className="hero__lead">
          Highly vetted and certified maids, tutors, plumbers, electricians and home shifters near you, and rooms, flats
          and offices to rent. Service available 24/7.
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
