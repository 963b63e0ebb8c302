import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from '@/ui/responsive-image';
import { useScrollProgress, type ScrollRange } from '@/ui/use-scroll-progress';

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

// From the banner's top entering at the bottom of the screen to its bottom leaving at the top.
const SCROLL_RANGE: ScrollRange = ({ top, height }, viewportHeight) => [top - viewportHeight, top + height];
const DRIFT_PERCENT = 12;

function drift(element: HTMLElement, progress: number) {
  const picture = element.firstElementChild as HTMLElement | null;
  if (picture) picture.style.transform = `translateY(${-DRIFT_PERCENT + progress * 2 * DRIFT_PERCENT}%)`;
}

/** A banner whose picture drifts slower than the page: the parallax of shell spec 2.4. */
function ParallaxBanner({ title, note, image }: (typeof BANNERS)[number]) {
  const ref = useRef<HTMLAnchorElement>(null);
  useScrollProgress(ref, SCROLL_RANGE, drift);
  return (
    <Link ref={ref} to="/main/rent" className="parallax-banner">
      <div className="parallax-banner__image">
        <ResponsiveImage base={image} widths={[480, 960, 1600]} width={1600} height={700} alt="" />
      </div>
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
