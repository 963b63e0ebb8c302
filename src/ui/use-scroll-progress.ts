import { useEffect, type RefObject } from 'react';

/**
 * Scroll-linked effects without an animation library: `apply` gets the element and how far (0 to 1) the page
 * has scrolled through `range`, once per frame while scrolling. Positions are the element's layout position
 * (offsetTop), so its own transform does not move the goalposts. With reduced motion nothing is applied.
 */

/** The scroll positions (window.scrollY) at which progress is 0 and 1, from the element's layout box. */
export type ScrollRange = (box: { top: number; height: number }, viewportHeight: number) => [number, number];

export function useScrollProgress<T extends HTMLElement>(
  ref: RefObject<T | null>,
  range: ScrollRange,
  apply: (element: T, progress: number) => void,
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return undefined;
    let frame = 0;
    const update = () => {
      frame = 0;
      const [start, end] = range({ top: layoutTop(element), height: element.offsetHeight }, window.innerHeight);
      const progress = end === start ? 0 : (window.scrollY - start) / (end - start);
      apply(element, Math.min(1, Math.max(0, progress)));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ref, range, apply]);
}

function layoutTop(element: HTMLElement): number {
  let top = 0;
  for (let node: HTMLElement | null = element; node; node = node.offsetParent as HTMLElement | null) {
    top += node.offsetTop;
  }
  return top;
}
