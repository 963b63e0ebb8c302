import { m } from '@/i18n/generated/messages.js';
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
        <p className="hero__kicker">{m.site_hero_kicker()}</p>
        <h1 className="hero__title" id="hero-title">
          {m.site_hero_title()}
        </h1>
        <p className="hero__lead">{m.site_hero_lead()}</p>
        <div className="hero__actions">
          <ButtonLink to="/main/add-rent">{m.site_post_rent_ad()}</ButtonLink>
          <ButtonLink to="/main/offer-service" variant="secondary">
            {m.site_offer_service()}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
