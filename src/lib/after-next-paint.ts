/** How long a hidden tab, which gets no frames, waits instead. */
const HIDDEN_TAB_WAIT_MS = 100;

/**
 * Resolves once the browser has shown what is on the page now: after the frame that paints it and the next
 * one, in the task that follows. Work started then (loading the database code, a sync) does not hold up the
 * page's first paint. In a hidden tab, where frames do not come, it resolves after 100 ms.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(fallback);
      cancelAnimationFrame(frame);
      resolve();
    };
    const fallback = setTimeout(done, HIDDEN_TAB_WAIT_MS);
    // The first frame's callbacks run before it is painted; by the second one's, it has been shown.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setTimeout(done));
    });
  });
}

/**
 * A module loader (`() => import(…)`) whose first call waits for the page's next paint (above), so the module
 * does not hold up the page that asked for it. Later calls answer the loaded module at once: a page's next
 * query (a filter, the next page) does not wait for frames again. A load that failed (offline, before the
 * service worker holds the chunk) is tried again on the next call.
 */
export function loadAfterPaint<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= afterNextPaint()
      .then(load)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));
}
