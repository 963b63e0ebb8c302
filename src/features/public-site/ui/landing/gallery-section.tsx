import { m, useReducedMotion, useScroll, useTransform } from 'framer-motion';
import { useRef } from 'react';
import { ResponsiveImage } from '@/ui/responsive-image';

const GALLERY = [
  { image: '/images/landing/gallery-maid', caption: 'Book a professional maid service to keep your house spotless.' },
  { image: '/images/landing/gallery-tutor', caption: 'Find a home tutor who fits your child’s needs and timetable.' },
  { image: '/images/landing/gallery-movers', caption: 'Experienced house movers pack, lift and shift with care.' },
];

// Shell spec 2.4: from the box's top at 50 px to its bottom at 150 px below the viewport top, each box
// shrinks to half its size and fades out.
const SCROLL_RANGE: ['start 50px', 'end 150px'] = ['start 50px', 'end 150px'];

function GalleryBox({ image, caption, index }: { image: string; caption: string; index: number }) {
  const ref = useRef<HTMLElement>(null);
  const reduceMotion = useReducedMotion();
  const { scrollYProgress } = useScroll({ target: ref, offset: SCROLL_RANGE });
  const scale = useTransform(scrollYProgress, [0, 1], [1, 0.5]);
  const opacity = useTransform(scrollYProgress, [0, 1], [1, 0]);
  return (
    <m.figure
      ref={ref}
      className="gallery-box"
      data-testid={`gallery-box-${index + 1}`}
      style={reduceMotion ? undefined : { scale, opacity }}
    >
      <ResponsiveImage
        base={image}
        widths={[480, 960]}
        width={960}
        height={720}
        sizes="(min-width: 900px) 33vw, 100vw"
        alt={`Gallery item ${index + 1}`}
      />
      <figcaption>{caption}</figcaption>
    </m.figure>
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
