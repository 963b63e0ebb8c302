/**
 * When the header's counts (My requests' waiting requests, Messages' unread conversations) count again: after a page
 * read or answered what they count, and when the person comes back to the tab or the phone is back online. A window
 * event, so that the pages' chunks and the header need not share more than this small module, which the header brings
 * with the app's first code. One event for all the counts: each asks again, a few bytes each time.
 */

const COUNTS_CHANGED_EVENT = 'basha:counts-changed';

/** A page says what a count counts has changed: the counts are asked for again. */
export function announceCountsChanged(): void {
  window.dispatchEvent(new Event(COUNTS_CHANGED_EVENT));
}

/** Calls `listener` whenever a count may have changed; answers a function that stops it. */
export function onCountsMayHaveChanged(listener: () => void): () => void {
  const whenVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  window.addEventListener(COUNTS_CHANGED_EVENT, listener);
  window.addEventListener('online', listener);
  document.addEventListener('visibilitychange', whenVisible);
  return () => {
    window.removeEventListener(COUNTS_CHANGED_EVENT, listener);
    window.removeEventListener('online', listener);
    document.removeEventListener('visibilitychange', whenVisible);
  };
}
