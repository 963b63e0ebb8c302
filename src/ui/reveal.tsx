import { useRef, type ReactNode } from 'react';
import { useMotionKitWhileUnseen, type MotionKit } from './motion/use-motion-kit';

/**
 * Content that rises into view the first time enough of it (`amount`) is on screen, with framer-motion's
 * `whileInView`. Before framer-motion has loaded, and for content the person has already seen when it does, it
 * is simply there (use-motion-kit.ts). With reduced motion it fades without rising.
 */
export function Reveal({
  as = 'div',
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
  const kit = useMotionKitWhileUnseen(ref);
  if (!kit) {
    const Tag = as;
    return (
      <Tag ref={ref as never} className={className} {...rest}>
        {children}
      </Tag>
    );
  }
  return (
    <RisingReveal kit={kit} as={as} amount={amount} delayMs={delayMs} className={className} {...rest}>
      {children}
    </RisingReveal>
  );
}

type RevealProps = Parameters<typeof Reveal>[0];

function RisingReveal({ kit, as, amount, delayMs = 0, children, ...rest }: RevealProps & { kit: MotionKit }) {
  const from = kit.useEntranceFrom({ opacity: 0, y: 24 });
  const Moving = as === 'li' ? kit.m.li : kit.m.div;
  return (
    <kit.MotionScope>
      <Moving
        initial={from}
        whileInView={{ opacity: 1, y: 0 }}
        viewport={{ once: true, amount }}
        transition={{ duration: 0.4, ease: 'easeOut', delay: delayMs / 1000 }}
        {...rest}
      >
        {children}
      </Moving>
    </kit.MotionScope>
  );
}
