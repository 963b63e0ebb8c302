import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import './hired-on-basha.css';

/**
 * "Hired on Basha" (issue 41, point 3): the mark on a review by a customer whose request for the service was done,
 * and the line saying how many of a service's reviews are such. The server decides (`hiredOnBasha` in a service's
 * `ratings`); these only show it, in the reviews dialog and on the provider's page. Not on the lists' cards, whose
 * code most pages load (the `shared` chunk): there the count is one tap away, in the dialog.
 */

/** A shield with a tick: the mark of a review from a customer who hired the provider here. */
export function HiredIcon() {
  return (
    <svg className="hired-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M12 2 4 5v6c0 5.2 3.4 9.4 8 11 4.6-1.6 8-5.8 8-11V5l-8-3Z" fill="currentColor" />
      <path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The mark on one review. */
export function HiredOnBashaBadge() {
  return (
    <span className="hired-badge">
      <HiredIcon />
      {m.ui_hired_on_basha()}
    </span>
  );
}

/** "From customers who hired on Basha: 3 of 5 reviews", in the page's language and digits. */
export function hiredReviewsText(hired: number, count: number): string {
  if (count === 1) return m.ui_hired_only_review();
  const locale = getLocale();
  return m.ui_hired_reviews({ hired: localDigits(String(hired), locale), count: localDigits(String(count), locale) });
}

/** The line under a service's reviews' summary; nothing while none of them is from a customer hired on Basha. */
export function HiredReviewsNote({ hired, count }: { hired: number; count: number }) {
  if (hired === 0) return null;
  return (
    <p className="hired-note">
      <HiredIcon />
      <span>{hiredReviewsText(hired, count)}</span>
    </p>
  );
}
