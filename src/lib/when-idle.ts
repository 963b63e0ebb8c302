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
 * Start-up work that the page in front of the person does not need (following Firebase, the offline machinery)
 * begins this long after the page's first content is on screen: the time of the person's first look and scroll,
 * and of the page's own photos, which that work would otherwise compete with for a slow phone's main thread.
 */
export const SETTLE_AFTER_FIRST_CONTENT_MS = 3000;

/** It begins this long after start-up at the latest, whether or not a page said its first content is shown. */
export const FIRST_CONTENT_MAX_WAIT_MS = 6000;

let firstContentAt: number | undefined;
const waitingForFirstContent = new Set<() => void>();

/**
 * A page says its first content is on screen: the landing page once it has rendered, the lists once their
 * first cards (or their empty state) have. Start-up work waiting in `whenIdleAfterFirstContent` is rescheduled.
 */
export function markFirstContentShown(): void {
  if (firstContentAt !== undefined) return;
  firstContentAt = Date.now();
  for (const reschedule of [...waitingForFirstContent]) reschedule();
}

/**
 * Like `whenIdle`, but not before SETTLE_AFTER_FIRST_CONTENT_MS after the page's first content is on screen (or
 * FIRST_CONTENT_MAX_WAIT_MS after this call): on a slow phone, loading Firebase or the offline machinery while a
 * list is read from IndexedDB and drawn delays the list, and just after, it makes the first scroll stutter.
 */
export function whenIdleAfterFirstContent(work: () => void, timeoutMs: number): () => void {
  const calledAt = Date.now();
  let timer: number | undefined;
  let cancelIdle: (() => void) | undefined;
  const go = () => {
    waitingForFirstContent.delete(schedule);
    cancelIdle = whenIdle(work, timeoutMs);
  };
  const schedule = () => {
    window.clearTimeout(timer);
    const latest = calledAt + FIRST_CONTENT_MAX_WAIT_MS;
    const due =
      firstContentAt === undefined ? latest : Math.min(firstContentAt + SETTLE_AFTER_FIRST_CONTENT_MS, latest);
    timer = window.setTimeout(go, Math.max(0, due - Date.now()));
  };
  waitingForFirstContent.add(schedule);
  schedule();
  return () => {
    window.clearTimeout(timer);
    waitingForFirstContent.delete(schedule);
    cancelIdle?.();
  };
}
