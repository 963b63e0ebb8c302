/**
 * Runs `work` once the browser is idle after loading the page, or after `timeoutMs` at the latest; answers a
 * function that cancels it. For what the first screen does not need: the outbox, Firebase, IndexedDB.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, timeoutMs);
  return () => window.clearTimeout(timer);
}

/**
 * How long start-up work waits for a page to say its first content is on screen before it goes ahead anyway
 * (a page that never says so, an error).
 */
export const FIRST_CONTENT_MAX_WAIT_MS = 5000;

let firstContentShown = false;
const waitingForFirstContent = new Set<() => void>();

/**
 * A page says its first content is on screen: the landing page once it has rendered, the lists once their
 * first cards (or their empty state) have. Start-up work waiting in `whenIdleAfterFirstContent` may go.
 */
export function markFirstContentShown(): void {
  if (firstContentShown) return;
  firstContentShown = true;
  for (const go of [...waitingForFirstContent]) go();
  waitingForFirstContent.clear();
}

/**
 * Like `whenIdle`, but only once the page's first content is on screen (or FIRST_CONTENT_MAX_WAIT_MS has
 * passed): on a slow phone, loading Firebase or the offline machinery while a list is still being read from
 * IndexedDB and drawn delays the list by as long as that work holds the main thread.
 */
export function whenIdleAfterFirstContent(work: () => void, timeoutMs: number): () => void {
  if (firstContentShown) return whenIdle(work, timeoutMs);
  let cancelIdle: (() => void) | undefined;
  const go = () => {
    window.clearTimeout(maxWait);
    waitingForFirstContent.delete(go);
    cancelIdle = whenIdle(work, timeoutMs);
  };
  const maxWait = window.setTimeout(go, FIRST_CONTENT_MAX_WAIT_MS);
  waitingForFirstContent.add(go);
  return () => {
    window.clearTimeout(maxWait);
    waitingForFirstContent.delete(go);
    cancelIdle?.();
  };
}
