import { useState } from 'react';
import { photoRendition } from '@/domain/data-saver';
import { localDigits } from '@/i18n/digits';
import { genitive } from '@/i18n/case-endings';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { savingData } from '@/lib/data-saver';
import { useMotionKit } from '@/ui/motion/use-motion-kit';

/**
 * The photos of a listing, one at a time, cycling with previous and next (wrapping at both ends). Once the
 * person moves through them, each photo fades in (framer-motion, when loaded); the first, the page's largest
 * paint, shows as it is. Only the photo on screen is loaded: the next one only when the person moves to it. On a
 * phone that saves data each is its small rendition (`smallUrls`, the card thumbnails) where there is one.
 */
export function RentGallery({
  urls,
  smallUrls,
  label,
}: {
  urls: readonly string[];
  smallUrls?: readonly string[] | undefined;
  label: string;
}) {
  const [saving] = useState(savingData);
  const [index, setIndex] = useState(0);
  const [moved, setMoved] = useState(false);
  const kit = useMotionKit();
  const count = urls.length;
  if (count === 0) return null;
  const current = Math.min(index, count - 1);
  const show = (next: number) => {
    setIndex(next);
    setMoved(true);
  };
  const step = (delta: number) => show((current + delta + count) % count);
  const locale = getLocale();
  const digits = (value: number) => localDigits(String(value), locale);
  const labelOf = genitive(label, locale);
  const photo = {
    className: 'rent-gallery__image',
    src: photoRendition(urls[current]!, smallUrls?.[current], saving),
    alt: m.rent_gallery_photo({ label, labelOf, number: digits(current + 1), count: digits(count) }),
    width: 1600,
    height: 1200,
  };
  return (
    <figure
      className="rent-gallery"
      aria-roledescription="carousel"
      aria-label={m.rent_gallery_label({ label, labelOf })}
    >
      <div className="rent-gallery__frame">
        {kit && moved ? (
          <kit.MotionScope>
            <kit.m.img
              key={photo.src}
              {...photo}
              initial={{ opacity: 0.4 }}
              animate={{ opacity: 1 }}
              transition={{ duration: 0.25 }}
            />
          </kit.MotionScope>
        ) : (
          <img {...photo} />
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              className="rent-gallery__nav rent-gallery__nav--previous"
              aria-label={m.rent_previous_image()}
              onClick={() => step(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="rent-gallery__nav rent-gallery__nav--next"
              aria-label={m.rent_next_image()}
              onClick={() => step(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
        <figcaption className="rent-gallery__counter" aria-live="polite">
          {digits(current + 1)} / {digits(count)}
        </figcaption>
      </div>
      {count > 1 ? (
        <div className="rent-gallery__dots">
          {urls.map((url, i) => (
            <button
              key={url}
              type="button"
              className={i === current ? 'rent-gallery__dot rent-gallery__dot--current' : 'rent-gallery__dot'}
              aria-label={m.rent_show_image({ number: digits(i + 1) })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => show(i)}
            />
          ))}
        </div>
      ) : null}
    </figure>
  );
}
