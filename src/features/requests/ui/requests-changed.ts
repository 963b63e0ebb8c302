/**
 * When the header's count of requests waiting for the person's answer (./requests-nav-item.tsx) counts again: after
 * My requests read or answered requests here, and when the person comes back to the tab or the phone is back
 * online (an answer given elsewhere, a new request arrived meanwhile). A window event, so that the page's chunk and
 * the header need not share more than this small module, which the header brings with the app's first code.
 */

import { atom } from 'jotai';

/**
 * The last count read for the signed-in person (./waiting-requests-count.tsx writes it): the link shows it, and so
 * does the menu button on a phone, where the link is inside the closed menu.
 */
export const waitingRequestsAtom = atom<{ selfId: string; count: number } | undefined>(undefined);

/** The count to show to `selfId`: 0 while none is read for them (another person's is never shown). */
export function waitingCountFor(waiting: { selfId: string; count: number } | undefined, selfId: string): number {
  return waiting?.selfId === selfId ? waiting.count : 0;
}

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
