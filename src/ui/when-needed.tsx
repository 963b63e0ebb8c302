import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a lazy, below-the-fold section) only once the browser is idle after the page
 * has loaded or the place comes within `rootMargin` of the screen, whichever is first; until then a
 * placeholder of `minHeight` keeps the layout from jumping.
 */
export function WhenNeeded({
  children,
  minHeight,
  rootMargin = '600px',
}: {
  children: ReactNode;
  minHeight: string;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (needed || !element) return undefined;
    const show = () => setNeeded(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin,
    });
    observer.observe(element);
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(show, { timeout: 4000 })
        : window.setTimeout(show, 2000);
    return () => {
      observer.disconnect();
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [needed, rootMargin]);
  if (needed) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}
