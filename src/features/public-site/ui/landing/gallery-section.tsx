import { useRef } from 'react';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { ResponsiveImage } from '@/ui/responsive-image';
import { progressFromTopToBottom, useScrollProgress, type ScrollBox } from '@/ui/motion/scroll-progress';

// The captions are messages, read as the boxes render (in the page's language).
const GALLERY = [
  { image: '/images/landing/gallery-maid', caption: m.site_gallery_maid },
  { image: '/images/landing/gallery-tutor', caption: m.site_gallery_tutor },
  { image: '/images/landing/gallery-movers', caption: m.site_gallery_movers },
];

// Shell spec 2.4: from the box's top at 50 px to its bottom at 150 px below the viewport top, each box
// shrinks to half its size and fades out.
const START_TOP_PX = 50;
const END_BOTTOM_PX = 150;
const END_SCALE = 0.5;
const END_OPACITY = 0;

const progressOf = (box: ScrollBox) => progressFromTopToBottom(box, START_TOP_PX, END_BOTTOM_PX);

function shrink(element: HTMLElement, progress: number | undefined) {
  const still = progress === undefined || progress === 0;
  element.style.transform = still ? '' : `scale(${1 - (1 - END_SCALE) * progress})`;
  element.style.opacity = still ? '' : String(1 - (1 - END_OPACITY) * progress);
}

type GalleryItem = (typeof GALLERY)[number] & { index: number };

/** A box bound to the page's scroll (@/ui/motion/scroll-progress.ts); with reduced motion it stays as it is. */
function GalleryBox({ image, caption, index }: GalleryItem) {
  const ref = useRef<HTMLElement>(null);
  useScrollProgress(ref, progressOf, shrink);
  return (
    <figure ref={ref} className="gallery-box" data-testid={`gallery-box-${index + 1}`}>
      <ResponsiveImage
        base={image}
        widths={[480, 960]}
        width={960}
        height={720}
        sizes="(min-width: 900px) 33vw, 100vw"
        alt={m.site_gallery_alt({ number: localDigits(String(index + 1), getLocale()) })}
      />
      <figcaption>{caption()}</figcaption>
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
