import { useState } from 'react';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { useMotionKit } from '@/ui/motion/use-motion-kit';

/**
 * The photos of a listing, one at a time, cycling with previous and next (wrapping at both ends). Once the
 * person moves through them, each photo fades in (framer-motion, when loaded); the first, the page's largest
 * paint, shows as it is.
 */
export function RentGallery({ urls, label }: { urls: readonly string[]; label: string }) {
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
  const photo = {
    className: 'rent-gallery__image',
    src: urls[current],
    alt: m.rent_gallery_photo({ label, number: digits(current + 1), count: digits(count) }),
    width: 1600,
    height: 1200,
  };
  return (
    <figure className="rent-gallery" aria-roledescription="carousel" aria-label={m.rent_gallery_label({ label })}>
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
