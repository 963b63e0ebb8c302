/** How long a hidden tab, which gets no frames, waits instead. */
const HIDDEN_TAB_WAIT_MS = 100;

/**
 * Resolves once the browser has shown what is on the page now: after the frame that paints it and the next
 * one, in the task that follows. Work started then (loading the database code, a sync) does not hold up the page's first paint. In a hidden
 * tab, where frames do not come, it resolves after 100 ms.
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
