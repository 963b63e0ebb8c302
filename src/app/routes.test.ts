import { existsSync } from 'node:fs';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROUTE_MANIFEST, SIGNED_IN_BASE, type AppRoute } from '@/domain/route-manifest';
import { matchRoute, routeVariants } from '@/domain/route-match';
import { routes, type RouteHandle } from './routes';

// The router is built from the route manifest, and the server matches paths with the manifest's own matcher:
// the two must show the same page for every path, or a page would go out with another page's preloads.

const isHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'route' in handle;

/** The manifest route React Router shows a path with; undefined for its 404s and page-less routes. */
function routerRoute(pathname: string): AppRoute | undefined {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle;
  return isHandle(handle) ? handle.route : undefined;
}

/** A path a route shows, parameters filled in. */
const samplePath = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => `sample-${name}`);

/** Every routable path of the router's table, parameters filled in. */
function routerPaths(list: readonly RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path?.startsWith('/') ? route.path : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    const own = route.path !== undefined ? [samplePath(path)] : [];
    return [...own, ...routerPaths(route.children ?? [], route.path === undefined ? parent : path)];
  });
}

describe('the router and the route manifest', () => {
  it('show every path of the manifest with the same route', () => {
    for (const route of ROUTE_MANIFEST) {
      for (const variant of routeVariants(route)) {
        const path = samplePath(variant.path);
        expect(routerRoute(path), path).toBe(route);
        expect(matchRoute(path)?.route, path).toBe(route);
      }
    }
  });

  it('agree on every path the router has, and on paths that neither shows', () => {
    const paths = [
      ...routerPaths(routes),
      '/main',
      '/main/no-such-page',
      '/no/such/page',
      '/services/astrologer',
      '/services',
      '/main/view-rent/1/extra',
      '/MAIN/Rent/',
      '/auth/otp-validate/a%20b',
      '/main/rent//',
    ];
    expect(paths.length).toBeGreaterThan(ROUTE_MANIFEST.length);
    for (const path of paths) expect(matchRoute(path)?.route, path).toBe(routerRoute(path));
  });

  it('has each route once, with its page on disk, and every page under /main asks who is signed in', () => {
    const paths = ROUTE_MANIFEST.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of ROUTE_MANIFEST) {
      expect(existsSync(route.page), route.page).toBe(true);
      for (const module of 'preload' in route ? route.preload : []) expect(existsSync(module), module).toBe(true);
      expect(route.path.startsWith(`${SIGNED_IN_BASE}/`), route.path).toBe(route.signIn !== false);
    }
  });
});
