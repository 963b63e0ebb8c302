import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from './route-manifest';
import { matchRoute, matchRouteIn, routeVariants } from './route-match';

const routes: RouteDefinition[] = [
  { path: '/', page: 'landing.tsx', signIn: false },
  { path: '/main/rent', page: 'rent.tsx', signIn: true },
  { path: '/main/:section', page: 'section.tsx', signIn: true },
  { path: '/main/view-rent/:id', page: 'view.tsx', signIn: true },
  { path: '/services/:slug', page: 'service.tsx', signIn: false, values: { slug: ['rent', 'tutor'] } },
];
const pathOf = (pathname: string) => matchRouteIn(routes, pathname)?.route.path;

describe('matching a path to a route of the manifest', () => {
  it('finds the route a path is shown by, a static route before one with a parameter', () => {
    expect(pathOf('/')).toBe('/');
    expect(pathOf('')).toBe('/');
    expect(pathOf('/main/rent')).toBe('/main/rent');
    expect(pathOf('/main/rent/')).toBe('/main/rent');
    expect(pathOf('/main/other')).toBe('/main/:section');
    expect(pathOf('/main/view-rent/4f0c')).toBe('/main/view-rent/:id');
    expect(pathOf('/main/view-rent')).toBe('/main/:section');
    expect(pathOf('/main/view-rent/4f0c/extra')).toBeUndefined();
    expect(pathOf('/no/such/page')).toBeUndefined();
    expect(pathOf('//main/rent')).toBeUndefined();
  });

  it('compares static segments without regard to case and after decoding, and decodes parameters', () => {
    expect(pathOf('/MAIN/Rent')).toBe('/main/rent');
    expect(pathOf('/main/r%65nt')).toBe('/main/rent');
    expect(matchRouteIn(routes, '/main/view-rent/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchRouteIn(routes, '/main/view-rent/%E0%A4')?.params).toEqual({ id: '%E0%A4' });
  });

  it('takes only the listed values of a restricted parameter', () => {
    expect(matchRouteIn(routes, '/services/tutor')).toEqual({ route: routes[4], params: { slug: 'tutor' } });
    expect(matchRouteIn(routes, '/services/Tutor')?.params).toEqual({ slug: 'tutor' });
    expect(pathOf('/services/astrologer')).toBeUndefined();
    expect(routeVariants(routes[4]!)).toEqual([
      { path: '/services/rent', props: { slug: 'rent' } },
      { path: '/services/tutor', props: { slug: 'tutor' } },
    ]);
    expect(routeVariants(routes[3]!)).toEqual([{ path: '/main/view-rent/:id', props: {} }]);
  });

  it("matches the app's own manifest", () => {
    expect(matchRoute('/main/find-service/all')).toMatchObject({
      route: { path: '/main/find-service/:category', signIn: 'optional' },
      params: { category: 'all' },
    });
    expect(matchRoute('/main')).toBeUndefined();
  });
});
