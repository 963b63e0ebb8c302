import { useState } from 'react';

/** The photos of a listing, one at a time, cycling with previous and next (wrapping at both ends). */
export function RentGallery({ urls, label }: { urls: readonly string[]; label: string }) {
  const [index, setIndex] = useState(0);
  const count = urls.length;
  if (count === 0) return null;
  const current = Math.min(index, count - 1);
  const step = (delta: number) => setIndex((current + delta + count) % count);
  return (
    <figure className="rent-gallery" aria-roledescription="carousel" aria-label={`${label} photos`}>
      <div className="rent-gallery__frame">
        <img
          className="rent-gallery__image"
          src={urls[current]}
          alt={`${label} photo ${current + 1} of ${count}`}
          width={1600}
          height={1200}
        />
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
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </figure>
  );
}
