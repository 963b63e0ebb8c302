import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterStateContext } from 'react-router-dom';

/**
 * The scroll position React Router's <ScrollRestoration /> (root layout) puts back for this history entry on
 * Back, Forward or a reload, while it stands; undefined on a page opened anew. It scrolls there in the commit
 * that shows the page: a list that renders its rows later (read from IndexedDB, or drawn after the first paint)
 * would by then be too short to reach it, so `ready` (the rows are drawn) scrolls there again, once. A
 * person who touches the page first is not moved. Read from React Router's state context, as ScrollRestoration
 * itself reads it.
 *
 * `restoring` is true from then until two frames after the scroll: a list whose cards are laid out only near
 * the screen (`content-visibility: auto`) lays them all out meanwhile. Cards not laid out stand in at an
 * estimated height, and a position measured over real heights would land elsewhere over estimated ones; once
 * laid out, each card keeps its real height (`contain-intrinsic-size: auto`).
 */
export function useRestoredScroll(ready: boolean): { restoring: boolean } {
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const position = routerState?.restoreScrollPosition;
  const target = typeof position === 'number' && position > 0 ? position : undefined;
  const settled = useRef(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const stop = () => {
      settled.current = true;
      setDone(true);
    };
    const options = { once: true, passive: true } as const;
    window.addEventListener('wheel', stop, options);
    window.addEventListener('touchstart', stop, options);
    window.addEventListener('keydown', stop, options);
    return () => {
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('keydown', stop);
    };
  }, []);

  useLayoutEffect(() => {
    if (settled.current || target === undefined || !ready) return;
    settled.current = true;
    if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target);
    // React Router scrolls there too, later in this commit; the frames after it record the cards' heights. Not
    // cancelled with the effect: it runs once, and must end even if `ready` or `target` change meanwhile.
    requestAnimationFrame(() => requestAnimationFrame(() => setDone(true)));
  }, [ready, target]);

  return { restoring: target !== undefined && !done };
}
