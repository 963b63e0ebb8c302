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
