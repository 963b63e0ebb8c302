import type { ReactNode } from 'react';
import { useMotionKitAtMount, type MotionKit } from './use-motion-kit';

/**
 * Only the top of a list comes in staggered: the cards a screen shows at once. The rest of a long list (the rent
 * list pages 12 at a time over thousands of ads) are plain items, with no framer-motion work per row.
 */
export const STAGGERED_ITEMS = 6;

interface StaggerItemProps {
  /** The item's place in its list; from STAGGERED_ITEMS on, it is a plain item. */
  index: number;
  /** Seconds between one item's start and the next one's. */
  stepS: number;
  className?: string;
  children: ReactNode;
}

/**
 * A list item that fades and rises in `index * stepS` after the list appears. An item that mounts before
 * framer-motion has loaded (the first list of a visit, drawn at once) is simply there; the lists drawn after it
 * (another category, other filters, the next page visited) come in staggered.
 */
export function StaggerItem({ index, stepS, className, children }: StaggerItemProps) {
  if (index >= STAGGERED_ITEMS) return <li className={className}>{children}</li>;
  return (
    <StaggeredItem index={index} stepS={stepS} className={className}>
      {children}
    </StaggeredItem>
  );
}

function StaggeredItem(props: StaggerItemProps) {
  const kit = useMotionKitAtMount();
  if (!kit) return <li className={props.className}>{props.children}</li>;
  return <RisingItem kit={kit} {...props} />;
}

function RisingItem({ kit, index, stepS, className, children }: StaggerItemProps & { kit: MotionKit }) {
  const from = kit.useEntranceFrom({ opacity: 0, y: 16 });
  return (
    <kit.MotionScope>
      <kit.m.li
        className={className}
        initial={from}
        animate={{ opacity: 1, y: 0 }}
        transition={{ duration: 0.3, ease: 'easeOut', delay: index * stepS }}
      >
        {children}
      </kit.m.li>
    </kit.MotionScope>
  );
}
