import { ROUTE_MANIFEST, type AppRoute, type RouteDefinition } from './route-manifest';

/**
 * Which page of the route manifest shows a path, matched as React Router matches the table built from the same
 * manifest (src/app/routes.test.ts holds the two to the same answers): segments compared without regard to
 * case and after decoding, trailing slashes ignored, `:name` taking any one segment (or, with `values`, one of
 * those), and a static segment outranking a parameter. For the server, which names a page's chunks in the
 * HTML it sends without loading the router.
 */

export interface RouteMatch<R extends RouteDefinition> {
  route: R;
  params: Record<string, string>;
}

/** The route variants the router has: one per allowed value of a restricted parameter, the value as a prop. */
export function routeVariants(route: RouteDefinition): { path: string; props: Record<string, string> }[] {
  let variants: { path: string; props: Record<string, string> }[] = [{ path: route.path, props: {} }];
  for (const [param, values] of Object.entries(route.values ?? {})) {
    variants = variants.flatMap((variant) =>
      values.map((value) => ({
        path: variant.path
          .split('/')
          .map((segment) => (segment === `:${param}` ? value : segment))
          .join('/'),
        props: { ...variant.props, [param]: value },
      })),
    );
  }
  return variants;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const segmentsOf = (path: string) => path.replace(/\/+$/, '').split('/');

/** React Router's ranking: more segments, and static ones (10) over parameters (3). */
function scoreOf(variantPath: string): number {
  const segments = segmentsOf(variantPath);
  return segments.reduce((score, segment) => score + (segment.startsWith(':') ? 3 : segment === '' ? 1 : 10), 0);
}

/** The route among `routes` that shows `pathname`, with its parameters; undefined for a 404. */
export function matchRouteIn<R extends RouteDefinition>(
  routes: readonly R[],
  pathname: string,
): RouteMatch<R> | undefined {
  const segments = segmentsOf(pathname).map(decodeSegment);
  let best: (RouteMatch<R> & { score: number }) | undefined;
  for (const route of routes) {
    for (const variant of routeVariants(route)) {
      const pattern = segmentsOf(variant.path);
      if (pattern.length !== segments.length) continue;
      const params: Record<string, string> = { ...variant.props };
      const matches = pattern.every((part, index) => {
        const segment = segments[index] ?? '';
        if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
        params[part.slice(1)] = segment;
        return segment !== '';
      });
      const score = scoreOf(variant.path);
      if (matches && (!best || score > best.score)) best = { route, params, score };
    }
  }
  return best && { route: best.route, params: best.params };
}

/** The page of the app's route manifest that shows `pathname`; undefined when the app shows its 404. */
export function matchRoute(pathname: string): RouteMatch<AppRoute> | undefined {
  return matchRouteIn(ROUTE_MANIFEST, pathname);
}
