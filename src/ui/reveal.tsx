import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Content that rises into view the first time enough of it is on screen (CSS transition on a class, an
 * IntersectionObserver to start it). With reduced motion it is simply there.
 */
export function Reveal({
  as: Tag = 'div',
  amount = 0.3,
  delayMs = 0,
  className,
  children,
  ...rest
}: {
  as?: 'div' | 'li';
  amount?: number;
  delayMs?: number;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold: amount },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [amount]);
  const classes = ['reveal', shown ? 'reveal--shown' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <Tag
      ref={ref as never}
      className={classes}
      style={delayMs ? { transitionDelay: `${delayMs}ms` } : undefined}
      {...rest}
    >
      {children}
    </Tag>
  );
}
