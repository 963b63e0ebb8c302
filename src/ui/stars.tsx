import { RATING_MAX } from '@/domain/service';

/** A read-only row of five stars for a rating (whole or fractional), with the number for screen readers. */
export function Stars({ value, label }: { value: number; label?: string }) {
  return (
    <span className="stars" role="img" aria-label={label ?? `${value.toFixed(1)} out of ${RATING_MAX}`}>
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
