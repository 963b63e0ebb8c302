import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';

/**
 * How many posts one account may make in a day (issue 17): plenty for someone letting rooms or reviewing the
 * people they hired, too few to flood the lists that every phone mirrors. The server counts them from the posts
 * themselves (their creation times; an ad deleted again still counts), so there is no separate counter to
 * drift, and refuses one more with 429, a Retry-After and a message that says when posting opens again.
 */

/** The window the limits count over: any 24 hours, not a calendar day. */
export const POSTING_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Rent ads one account may post in POSTING_WINDOW_MS. */
export const RENT_ADS_PER_DAY = 20;
/** New reviews one account may write in POSTING_WINDOW_MS, over all services (replacing one's own is not new). */
export const REVIEWS_PER_DAY = 30;
/**
 * Changes one account may make to its live listings in POSTING_WINDOW_MS: edits of its rent ads and services, and
 * rent ads marked Booked or Active (confirming one is Active too). Each change is a row in every phone's next delta,
 * so changes have a ceiling like new posts; 60 is one a day for every ad and service an account can hold at once.
 */
export const LISTING_CHANGES_PER_DAY = 60;

/**
 * When the account may post again, from the creation times (epoch ms) of its latest posts within the window,
 * newest first (the server reads at most `perDay`); undefined when it may post now. A slot opens when the
 * `perDay`-th newest post leaves the window.
 */
export function nextPostAllowedAt(recentCreatedAtMs: readonly number[], perDay: number): number | undefined {
  const oldestCounted = recentCreatedAtMs[perDay - 1];
  return oldestCounted === undefined ? undefined : oldestCounted + POSTING_WINDOW_MS;
}

const MINUTE_MS = 60 * 1000;

const localNumber = (value: number) => localDigits(String(value), getLocale());

/**
 * A wait in words, rounded up to the minute, in the language of the request: "1 minute", "45 minutes", "3 hours",
 * "2 hours 5 minutes" ("২ ঘণ্টা ৫ মিনিট").
 */
export function formatPostingWait(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const inMinutes = (count: number) => m.rent_wait_minutes({ count: localNumber(count) });
  const inHours = (count: number) => m.rent_wait_hours({ count: localNumber(count) });
  if (hours === 0) return inMinutes(rest);
  return rest === 0
    ? inHours(hours)
    : m.rent_wait_hours_and_minutes({ hours: inHours(hours), minutes: inMinutes(rest) });
}

export function rentAdLimitMessage(waitMs: number): string {
  return m.rent_ad_limit({ max: localNumber(RENT_ADS_PER_DAY), wait: formatPostingWait(waitMs) });
}

export function listingChangeLimitMessage(waitMs: number): string {
  return m.server_listing_change_limit({ max: localNumber(LISTING_CHANGES_PER_DAY), wait: formatPostingWait(waitMs) });
}

export function reviewLimitMessage(waitMs: number): string {
  return m.reviews_limit({ max: localNumber(REVIEWS_PER_DAY), wait: formatPostingWait(waitMs) });
}
