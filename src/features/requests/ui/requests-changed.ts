/**
 * When the header's count of requests waiting for the person's answer (./requests-nav-item.tsx) counts again: after
 * My requests read or answered requests here, and when the person comes back to the tab or the phone is back
 * online (an answer given elsewhere, a new request arrived meanwhile). A window event, so that the page's chunk and
 * the header need not share more than this small module, which the header brings with the app's first code.
 */

const REQUESTS_CHANGED_EVENT = 'basha:requests-changed';

/** My requests says its list changed (read anew, or a request answered): the count is asked for again. */
export function announceRequestsChanged(): void {
  window.dispatchEvent(new Event(REQUESTS_CHANGED_EVENT));
}

/** Calls `listener` whenever the count may have changed; answers a function that stops it. */
export function onRequestsMayHaveChanged(listener: () => void): () => void {
  const whenVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  window.addEventListener(REQUESTS_CHANGED_EVENT, listener);
  window.addEventListener('online', listener);
  document.addEventListener('visibilitychange', whenVisible);
  return () => {
    window.removeEventListener(REQUESTS_CHANGED_EVENT, listener);
    window.removeEventListener('online', listener);
    document.removeEventListener('visibilitychange', whenVisible);
  };
}
