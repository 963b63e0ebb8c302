import { useEffect, type RefObject } from 'react';

/**
 * Scroll-linked styles (the landing's shrinking gallery boxes and drifting banners, shell spec 2.4) without
 * framer-motion: a passive scroll listener reads the element's box once per frame and sets its style directly, so
 * nothing re-renders and no library has to arrive first. The effect is the spec's, so it is there on a first visit
 * on mobile data too, where the motion kit is not downloaded (use-motion-kit.ts). With reduced motion the element
 * stays as it is.
 */

/** Where the element is on the screen, as its progress through a scroll range measures it. */
export interface ScrollBox {
  top: number;
  height: number;
  viewportHeight: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The element's top in the document as laid out, its own transforms and its ancestors' left out: the styles drawn
 * here transform the element, and measuring its transformed box would feed the effect back into itself.
 */
function layoutTop(element: HTMLElement): number {
  let top = 0;
  for (let node: HTMLElement | null = element; node;) {
    top += node.offsetTop;
    node = node.offsetParent instanceof HTMLElement ? node.offsetParent : null;
  }
  return top;
}

/**
 * From the box's top at `startTopPx` below the viewport top (0) until its bottom is at `endBottomPx` (1): framer's
 * offset `['start <startTopPx>px', 'end <endBottomPx>px']`.
 */
export function progressFromTopToBottom(box: ScrollBox, startTopPx: number, endBottomPx: number): number {
  const travel = startTopPx - (endBottomPx - box.height);
  if (travel <= 0) return box.top <= startTopPx ? 1 : 0;
  return clamp01((startTopPx - box.top) / travel);
}

/** From the box's top entering at the bottom of the screen (0) until its bottom leaves at the top (1). */
export function progressThroughScreen(box: ScrollBox): number {
  return clamp01((box.viewportHeight - box.top) / (box.viewportHeight + box.height));
}

/**
 * Keeps `draw(element, progress)` in step with the page's scroll, `progress` measured by `progressOf`; with reduced
 * motion, `draw(element, undefined)` once, to leave the element as it is.
 */
export function useScrollProgress<E extends HTMLElement>(
  ref: RefObject<E | null>,
  progressOf: (box: ScrollBox) => number,
  draw: (element: E, progress: number | undefined) => void,
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)');
    let frame = 0;
    const update = () => {
      frame = 0;
      if (still.matches) return draw(element, undefined);
      const box = { top: layoutTop(element) - window.scrollY, height: element.offsetHeight };
      draw(element, progressOf({ ...box, viewportHeight: window.innerHeight }));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    still.addEventListener('change', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      still.removeEventListener('change', schedule);
    };
    // progressOf and draw are module-level functions of their callers: the effect runs once per element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref]);
}
