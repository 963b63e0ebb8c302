import { useRef } from 'react';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { ResponsiveImage } from '@/ui/responsive-image';
import { useMotionKit, type MotionKit } from '@/ui/motion/use-motion-kit';

// The captions are messages, read as the boxes render (in the page's language).
const GALLERY = [
  { image: '/images/landing/gallery-maid', caption: m.site_gallery_maid },
  { image: '/images/landing/gallery-tutor', caption: m.site_gallery_tutor },
  { image: '/images/landing/gallery-movers', caption: m.site_gallery_movers },
];

// Shell spec 2.4: from the box's top at 50 px to its bottom at 150 px below the viewport top, each box
// shrinks to half its size and fades out.
const SCROLL_OFFSET: ['start 50px', 'end 150px'] = ['start 50px', 'end 150px'];

type GalleryItem = (typeof GALLERY)[number] & { index: number };

function GalleryContent({ image, caption, index }: GalleryItem) {
  return (
    <>
      <ResponsiveImage
        base={image}
        widths={[480, 960]}
        width={960}
        height={720}
        sizes="(min-width: 900px) 33vw, 100vw"
        alt={m.site_gallery_alt({ number: localDigits(String(index + 1), getLocale()) })}
      />
      <figcaption>{caption()}</figcaption>
    </>
  );
}

/** A box bound to the page's scroll by framer-motion; with reduced motion it stays as it is. */
function ShrinkingGalleryBox({ kit, ...item }: GalleryItem & { kit: MotionKit }) {
  const ref = useRef<HTMLElement>(null);
  const { scrollYProgress } = kit.useScroll({ target: ref, offset: SCROLL_OFFSET });
  const scale = kit.useTransform(scrollYProgress, [0, 1], [1, 0.5]);
  const opacity = kit.useTransform(scrollYProgress, [0, 1], [1, 0]);
  const still = kit.useReducedMotion();
  return (
    <kit.MotionScope>
      <kit.m.figure
        ref={ref}
        className="gallery-box"
        data-testid={`gallery-box-${item.index + 1}`}
        style={still ? undefined : { scale, opacity }}
      >
        <GalleryContent {...item} />
      </kit.m.figure>
    </kit.MotionScope>
  );
}

/**
 * Plain until framer-motion has loaded, then bound to the scroll, even in view: at any scroll position the bound
 * box looks as the plain one until the effect's range begins, and its photo, already loaded, shows at once.
 */
function GalleryBox(item: GalleryItem) {
  const kit = useMotionKit();
  if (kit) return <ShrinkingGalleryBox kit={kit} {...item} />;
  return (
    <figure className="gallery-box" data-testid={`gallery-box-${item.index + 1}`}>
      <GalleryContent {...item} />
    </figure>
  );
}

export function GallerySection() {
  return (
    <section className="landing-section" aria-labelledby="gallery-title">
      <h2 className="landing-section__title" id="gallery-title">
        {m.site_gallery_title()}
      </h2>
      <div className="gallery">
        {GALLERY.map((item, index) => (
          <GalleryBox key={item.image} index={index} {...item} />
        ))}
      </div>
    </section>
  );
}
