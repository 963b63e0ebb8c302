import { AnimatePresence, LazyMotion, m, MotionConfig, useReducedMotion, useScroll, useTransform } from 'framer-motion';
import type { ReactNode } from 'react';

/**
 * framer-motion as the app uses it. This module is never imported statically: use-motion-kit.ts loads it after
 * the page's first content is on screen, so no page waits for it. Only the small `m` components are used;
 * `strict` makes a `motion.*` component (which would pull every feature in) throw.
 */

const loadFeatures = () => import('./motion-features').then((module) => module.default);

/**
 * Around every animated part: the features, and the person's reduced-motion setting (transforms and layout
 * animations are skipped, opacity still fades). Scroll-linked styles are not animations; their components ask
 * `useReducedMotion` themselves.
 */
export function MotionScope({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}

export { AnimatePresence, m, useReducedMotion, useScroll, useTransform };
