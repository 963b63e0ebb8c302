import { startTransition, useEffect, useState } from 'react';

/**
 * False while a page's first render is drawn, true once the browser has painted it (the next frame, then a
 * task), set as a transition. A long list draws the cards of the first screen first and the rest right after, in
 * slices that yield to the browser: the first paint does not wait for cards nobody can see yet.
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
