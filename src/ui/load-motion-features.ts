/**
 * For `<LazyMotion features={loadMotionFeatures}>`: the animation features arrive after the page has painted,
 * so the first load carries only the light `m` components. Until they arrive, elements keep their initial style.
 */
export const loadMotionFeatures = () => import('./motion-features').then((module) => module.default);
