import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { ResponsiveImage } from '@/ui/responsive-image';
import { useMotionKit, type MotionKit } from '@/ui/motion/use-motion-kit';

// The texts are messages, read as the banners render (in the page's language).
const BANNERS = [
  { title: m.site_banner_dream_title, note: m.site_banner_dream_note, image: '/images/landing/banner-dream' },
  { title: m.site_banner_luxury_title, note: m.site_banner_luxury_note, image: '/images/landing/banner-luxury' },
  { title: m.site_banner_premium_title, note: m.site_banner_premium_note, image: '/images/landing/banner-premium' },
];

type Banner = (typeof BANNERS)[number];

// From the banner's top entering at the bottom of the screen to its bottom leaving at the top, its picture
// drifts from 12 % above its place to 12 % below.
const SCROLL_OFFSET: ['start end', 'end start'] = ['start end', 'end start'];
const DRIFT = ['-12%', '12%'];

function BannerText({ title, note }: Banner) {
  return (
    <span className="parallax-banner__text">
      <span className="parallax-banner__title">{title()}</span>
      <span className="parallax-banner__note">{note()}</span>
      <span className="parallax-banner__cta">{m.site_banner_cta()}</span>
    </span>
  );
}

function BannerPicture({ image }: Banner) {
  return <ResponsiveImage base={image} widths={[480, 960, 1600]} width={1600} height={700} alt="" />;
}

/** The picture bound to the page's scroll by framer-motion; with reduced motion it stays in place. */
function DriftingBanner({ kit, ...banner }: Banner & { kit: MotionKit }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const { scrollYProgress } = kit.useScroll({ target: ref, offset: SCROLL_OFFSET });
  const y = kit.useTransform(scrollYProgress, [0, 1], DRIFT);
  const still = kit.useReducedMotion();
  return (
    <Link ref={ref} to="/main/rent" className="parallax-banner">
      <kit.MotionScope>
        <kit.m.div className="parallax-banner__image" style={still ? undefined : { y }}>
          <BannerPicture {...banner} />
        </kit.m.div>
      </kit.MotionScope>
      <BannerText {...banner} />
    </Link>
  );
}

/**
 * A banner whose picture drifts slower than the page: the parallax of shell spec 2.4. Plain (the picture at its
 * place) until framer-motion has loaded.
 */
function ParallaxBanner(banner: Banner) {
  const kit = useMotionKit();
  if (kit) return <DriftingBanner kit={kit} {...banner} />;
  return (
    <Link to="/main/rent" className="parallax-banner">
      <div className="parallax-banner__image">
        <BannerPicture {...banner} />
      </div>
      <BannerText {...banner} />
    </Link>
  );
}

export function PropertyCollection() {
  return (
    <section className="landing-section" aria-labelledby="collection-title">
      <h2 className="landing-section__title" id="collection-title">
        {m.site_collection_title()}
      </h2>
      <div className="parallax-banners">
        {BANNERS.map((banner) => (
          <ParallaxBanner key={banner.image} {...banner} />
        ))}
      </div>
    </section>
  );
}
