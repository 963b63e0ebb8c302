/** Runs `fn` at most once per `waitMs`: at once, then once more at the end of the window if called again. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingArgs: A | undefined;
  const throttled = (...args: A) => {
    const now = Date.now();
    const wait = last + waitMs - now;
    if (wait <= 0) {
      last = now;
      fn(...args);
      return;
    }
    pendingArgs = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      last = Date.now();
      if (pendingArgs) fn(...pendingArgs);
      pendingArgs = undefined;
    }, wait);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pendingArgs = undefined;
  };
  return throttled;
}
