import { domAnimation } from 'framer-motion';

/**
 * The animation features the app's `m` components use (animations, exit, hover, tap, in-view), which
 * `LazyMotion` in motion-kit.tsx loads as a chunk of its own. Layout and drag animations (`domMax`) are not used.
 */
export default domAnimation;
