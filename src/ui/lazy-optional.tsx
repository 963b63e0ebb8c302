import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a part a page can do without: a header link, a badge, the list of one's waiting posts, a report
 * flag, a dialog. If its code cannot load (offline before the service worker kept it, a request a flaky network cut),
 * the part is left out. With plain `lazy` the failed import reached the route's error boundary and replaced the whole
 * page, a half-typed form included, with the error screen. The part is asked for again the next time it renders with
 * the phone online.
 */
export function lazyOptional<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Missing: ComponentType<P> = () => null;
  let failed = false;
  const make = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        () => {
          failed = true;
          return { default: Missing };
        },
      ),
    );
  let Part = make();
  function OptionalPart(props: P) {
    if (failed && navigator.onLine) {
      failed = false;
      Part = make();
    }
    return <Part {...props} />;
  }
  return OptionalPart;
}
