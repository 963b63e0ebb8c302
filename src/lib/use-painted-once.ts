import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './after-next-paint';

/**
 * False while a page's first render is drawn, true once the browser has painted it (see afterNextPaint), set as a
 * transition. A long list draws the cards of the first screen first and the rest right after, in slices that
 * yield to the browser: the first paint does not wait for cards nobody can see yet.
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterNextPaint().then(() => live && startTransition(() => setPainted(true)));
    return () => {
      live = false;
    };
  }, []);
  return painted;
}
