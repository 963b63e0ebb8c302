import {
  AnimatePresence,
  LazyMotion,
  m,
  MotionConfig,
  useReducedMotion,
  type TargetAndTransition,
} from 'framer-motion';
import type { ReactNode } from 'react';

/**
 * framer-motion as the app uses it. This module is never imported statically: use-motion-kit.ts loads it after
 * the page's first content is on screen, so no page waits for it. Only the small `m` components are used;
 * `strict` makes a `motion.*` component (which would pull every feature in) throw.
 */

const loadFeatures = () => import('./motion-features').then((module) => module.default);

/**
 * Around every animated part: the features, and the person's reduced-motion setting (transforms and layout
 * animations are skipped, opacity still fades). Scroll-linked styles do without framer-motion (./scroll-progress.ts).
 */
export function MotionScope({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}

/**
 * Where an entering part starts from (`from`: offset, scale, fade), for the person's setting: with reduced
 * motion, only the fade. MotionConfig skips the movement of an animation, but a part's first frame is drawn
 * from `initial`, before any animation runs.
 */
export function useEntranceFrom(from: TargetAndTransition & { opacity: number }): TargetAndTransition {
  return useReducedMotion() ? { opacity: from.opacity } : from;
}

export { AnimatePresence, m, useReducedMotion };
