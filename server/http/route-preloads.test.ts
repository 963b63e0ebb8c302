import { describe, expect, it } from 'vitest';
import { routeFor, shellWithPreloads, type RoutePreload } from './route-preloads';

const preloads: RoutePreload[] = [
  { path: '/', js: ['assets/landing-A.js'], css: ['assets/landing-A.css'] },
  { path: '/main/rent', js: ['assets/rent-B.js'], css: [] },
  { path: '/services/:slug', js: ['assets/service-info-C.js'], css: [] },
  { path: '/main/view-rent/:id', js: ['assets/view-D.js'], css: [] },
];

describe('the shell with route preloads', () => {
  it('finds the preloads of the manifest route a path is shown by', () => {
    expect(routeFor(preloads, '/')?.path).toBe('/');
    expect(routeFor(preloads, '/main/rent')?.path).toBe('/main/rent');
    expect(routeFor(preloads, '/main/rent/')?.path).toBe('/main/rent');
    expect(routeFor(preloads, '/main/view-rent/4f0c')?.path).toBe('/main/view-rent/:id');
    expect(routeFor(preloads, '/services/tutor')?.path).toBe('/services/:slug');
    // Routes the app shows as its 404, and a manifest route the build had nothing more for.
    expect(routeFor(preloads, '/services/astrologer')).toBeUndefined();
    expect(routeFor(preloads, '/main/view-rent')).toBeUndefined();
    expect(routeFor(preloads, '/main/view-rent/4f0c/extra')).toBeUndefined();
    expect(routeFor(preloads, '/no/such/page')).toBeUndefined();
    expect(routeFor(preloads, '/main/add-rent')).toBeUndefined();
  });

  it('names the route’s style sheets and module preloads in the head', () => {
    const html = '<!doctype html><html><head><title>Basha</title></head><body></body></html>';
    const page = shellWithPreloads(html, routeFor(preloads, '/'));
    expect(page).toBe(
      '<!doctype html><html><head><title>Basha</title><link rel="stylesheet" crossorigin href="/assets/landing-A.css">\n' +
        '<link rel="modulepreload" crossorigin href="/assets/landing-A.js">\n</head><body></body></html>',
    );
    expect(shellWithPreloads(html, undefined)).toBe(html);
  });
});
