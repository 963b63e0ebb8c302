import { RATING_MAX } from '@/domain/service';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';

/** "4.5 out of 5", in the digits of the page's language. */
function ratingLabel(value: number): string {
  const locale = getLocale();
  return m.ui_stars({ value: localDigits(value.toFixed(1), locale), max: localDigits(String(RATING_MAX), locale) });
}

/** A read-only row of five stars for a rating (whole or fractional), with the number for screen readers. */
export function Stars({ value, label }: { value: number; label?: string }) {
  return (
    <span className="stars" role="img" aria-label={label ?? ratingLabel(value)}>
      {Array.from({ length: RATING_MAX }, (_, index) => {
        const fill = Math.max(0, Math.min(1, value - index));
        return (
          <span key={index} className="stars__star" style={{ '--fill': `${fill * 100}%` } as React.CSSProperties}>
            ★
          </span>
        );
      })}
    </span>
  );
}
