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
 * When the account may post again, from the creation times (epoch ms) of its latest posts within the window,
 * newest first (the server reads at most `perDay`); undefined when it may post now. A slot opens when the
 * `perDay`-th newest post leaves the window.
 */
export function nextPostAllowedAt(recentCreatedAtMs: readonly number[], perDay: number): number | undefined {
  const oldestCounted = recentCreatedAtMs[perDay - 1];
  return oldestCounted === undefined ? undefined : oldestCounted + POSTING_WINDOW_MS;
}

const MINUTE_MS = 60 * 1000;

/** A wait in words, rounded up to the minute: "1 minute", "45 minutes", "3 hours", "2 hours 5 minutes". */
export function formatPostingWait(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (hours === 0) return plural(rest, 'minute');
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

export function rentAdLimitMessage(waitMs: number): string {
  return (
    `You can post up to ${RENT_ADS_PER_DAY} rent ads in 24 hours. ` +
    `You can post another ad in ${formatPostingWait(waitMs)}.`
  );
}

export function reviewLimitMessage(waitMs: number): string {
  return (
    `You can write up to ${REVIEWS_PER_DAY} new reviews in 24 hours. ` +
    `You can review another service in ${formatPostingWait(waitMs)}.`
  );
}
