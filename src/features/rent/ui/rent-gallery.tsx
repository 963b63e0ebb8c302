import { useState } from 'react';
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
  const photo = {
    className: 'rent-gallery__image',
    src: urls[current],
    alt: `${label} photo ${current + 1} of ${count}`,
    width: 1600,
    height: 1200,
  };
  return (
    <figure className="rent-gallery" aria-roledescription="carousel" aria-label={`${label} photos`}>
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
              aria-label="Previous image"
              onClick={() => step(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="rent-gallery__nav rent-gallery__nav--next"
              aria-label="Next image"
              onClick={() => step(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
        <figcaption className="rent-gallery__counter" aria-live="polite">
          {current + 1} / {count}
        </figcaption>
      </div>
      {count > 1 ? (
        <div className="rent-gallery__dots">
          {urls.map((url, i) => (
            <button
              key={url}
              type="button"
              className={i === current ? 'rent-gallery__dot rent-gallery__dot--current' : 'rent-gallery__dot'}
              aria-label={`Show image ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => show(i)}
            />
          ))}
        </div>
      ) : null}
    </figure>
  );
}
