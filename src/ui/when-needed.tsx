import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a lazy, below-the-fold section) only once its place comes within `rootMargin`
 * of the screen; until then a placeholder of `minHeight` keeps the layout from jumping. Not at idle: a section
 * that brings its own machinery (the landing page's feedback form starts the outbox) would otherwise cost every
 * visitor its download and start-up, also those who never scroll to it.
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
    return () => observer.disconnect();
  }, [needed, rootMargin]);
  if (needed) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}
