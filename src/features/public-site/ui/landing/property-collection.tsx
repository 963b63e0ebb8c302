import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { ResponsiveImage } from '@/ui/responsive-image';
import { progressThroughScreen, useScrollProgress } from '@/ui/motion/scroll-progress';

// The texts are messages, read as the banners render (in the page's language).
const BANNERS = [
  { title: m.site_banner_dream_title, note: m.site_banner_dream_note, image: '/images/landing/banner-dream' },
  { title: m.site_banner_luxury_title, note: m.site_banner_luxury_note, image: '/images/landing/banner-luxury' },
  { title: m.site_banner_premium_title, note: m.site_banner_premium_note, image: '/images/landing/banner-premium' },
];

type Banner = (typeof BANNERS)[number];

// From the banner's top entering at the bottom of the screen to its bottom leaving at the top, its picture
// drifts from 12 % above its place to 12 % below (of its own height).
const DRIFT_FROM_PERCENT = -12;
const DRIFT_TO_PERCENT = 12;

/** Moves the banner's picture; the banner itself, whose place on the screen measures the progress, stays. */
function drift(banner: HTMLElement, progress: number | undefined) {
  const picture = banner.querySelector<HTMLElement>('.parallax-banner__image');
  if (!picture) return;
  const offset = DRIFT_FROM_PERCENT + (DRIFT_TO_PERCENT - DRIFT_FROM_PERCENT) * (progress ?? 0);
  picture.style.transform = progress === undefined ? '' : `translateY(${offset.toFixed(2)}%)`;
}

function BannerText({ title, note }: Banner) {
  return (
    <span className="parallax-banner__text">
      <span className="parallax-banner__title">{title()}</span>
      <span className="parallax-banner__note">{note()}</span>
      <span className="parallax-banner__cta">{m.site_banner_cta()}</span>
    </span>
  );
}

/**
 * A banner whose picture drifts slower than the page: the parallax of shell spec 2.4, bound to the page's scroll
 * (@/ui/motion/scroll-progress.ts); with reduced motion the picture stays in place.
 */
function ParallaxBanner(banner: Banner) {
  const ref = useRef<HTMLAnchorElement>(null);
  useScrollProgress(ref, progressThroughScreen, drift);
  return (
    <Link ref={ref} to="/main/rent" className="parallax-banner">
      <div className="parallax-banner__image">
        <ResponsiveImage base={banner.image} widths={[480, 960, 1600]} width={1600} height={700} alt="" />
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
