import { m, useReducedMotion, useScroll, useTransform } from 'framer-motion';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from '@/ui/responsive-image';

const BANNERS = [
  {
    title: 'Discover Your Dream Property',
    note: 'Family flats and houses in quiet neighbourhoods',
    image: '/images/landing/banner-dream',
  },
  {
    title: 'Luxury Homes, Smart Investments',
    note: 'Serviced apartments with lifts, generators and security',
    image: '/images/landing/banner-luxury',
  },
  {
    title: 'Premium Properties, Prime Locations',
    note: 'Offices, shops and homes near the places that matter',
    image: '/images/landing/banner-premium',
  },
];

/** A banner whose picture drifts slower than the page: the parallax of shell spec 2.4. */
function ParallaxBanner({ title, note, image }: (typeof BANNERS)[number]) {
  const ref = useRef<HTMLAnchorElement>(null);
  const reduceMotion = useReducedMotion();
  const { scrollYProgress } = useScroll({ target: ref, offset: ['start end', 'end start'] });
  const y = useTransform(scrollYProgress, [0, 1], ['-12%', '12%']);
  return (
    <Link ref={ref} to="/main/rent" className="parallax-banner">
      <m.div className="parallax-banner__image" style={reduceMotion ? undefined : { y }}>
        <ResponsiveImage base={image} widths={[480, 960, 1600]} width={1600} height={700} alt="" />
      </m.div>
      <span className="parallax-banner__text">
        <span className="parallax-banner__title">{title}</span>
        <span className="parallax-banner__note">{note}</span>
        <span className="parallax-banner__cta">Browse rentals →</span>
      </span>
    </Link>
  );
}

export function PropertyCollection() {
  return (
    <section className="landing-section" aria-labelledby="collection-title">
      <h2 className="landing-section__title" id="collection-title">
        Explore Our Property Collection
      </h2>
      <div className="parallax-banners">
        {BANNERS.map((banner) => (
          <ParallaxBanner key={banner.title} {...banner} />
        ))}
      </div>
    </section>
  );
}
