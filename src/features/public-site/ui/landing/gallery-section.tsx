import { useRef } from 'react';
import { ResponsiveImage } from '@/ui/responsive-image';
import { useScrollProgress, type ScrollRange } from '@/ui/use-scroll-progress';

const GALLERY = [
  { image: '/images/landing/gallery-maid', caption: 'Book a professional maid service to keep your house spotless.' },
  { image: '/images/landing/gallery-tutor', caption: 'Find a home tutor who fits your child’s needs and timetable.' },
  { image: '/images/landing/gallery-movers', caption: 'Experienced house movers pack, lift and shift with care.' },
];

// Shell spec 2.4: from the box's top at 50 px to its bottom at 150 px below the viewport top, each box
// shrinks to half its size and fades out.
const EFFECT_STARTS_AT_TOP_PX = 50;
const EFFECT_ENDS_AT_BOTTOM_PX = 150;
const SCROLL_RANGE: ScrollRange = ({ top, height }) => [
  top - EFFECT_STARTS_AT_TOP_PX,
  top + height - EFFECT_ENDS_AT_BOTTOM_PX,
];

function shrinkAndFade(element: HTMLElement, progress: number) {
  element.style.transform = `scale(${1 - progress / 2})`;
  element.style.opacity = String(1 - progress);
}

function GalleryBox({ image, caption, index }: { image: string; caption: string; index: number }) {
  const ref = useRef<HTMLElement>(null);
  useScrollProgress(ref, SCROLL_RANGE, shrinkAndFade);
  return (
    <figure ref={ref} className="gallery-box" data-testid={`gallery-box-${index + 1}`}>
      <ResponsiveImage
        base={image}
        widths={[480, 960]}
        width={960}
        height={720}
        sizes="(min-width: 900px) 33vw, 100vw"
        alt={`Gallery item ${index + 1}`}
      />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

export function GallerySection() {
  return (
    <section className="landing-section" aria-labelledby="gallery-title">
      <h2 className="landing-section__title" id="gallery-title">
        Everyday help, close to home
      </h2>
      <div className="gallery">
        {GALLERY.map((item, index) => (
          <GalleryBox key={item.image} index={index} {...item} />
        ))}
      </div>
    </section>
  );
}
