import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestFromBundle, routePreloads } from './route-preloads-plugin';

// A bundle as Vite hands it to generateBundle: the entry, a shared chunk, two pages (one importing the entry back,
// as Vite 8 does), a style sheet asset and a helper that is not a module of the app.
const root = '/repo';
const chunk = (fileName: string, extra: Record<string, unknown> = {}) => ({
  type: 'chunk',
  fileName,
  facadeModuleId: null,
  isEntry: false,
  isDynamicEntry: false,
  imports: [],
  viteMetadata: { importedCss: new Set<string>() },
  ...extra,
});
const bundle = {
  'assets/index-A.js': chunk('assets/index-A.js', {
    facadeModuleId: path.join(root, 'index.html'),
    isEntry: true,
    imports: ['assets/vendor-B.js'],
    viteMetadata: { importedCss: new Set(['assets/index-A.css']) },
  }),
  'assets/vendor-B.js': chunk('assets/vendor-B.js'),
  'assets/db-C.js': chunk('assets/db-C.js', { imports: ['assets/vendor-B.js'] }),
  'assets/rent-listing-page-D.js': chunk('assets/rent-listing-page-D.js', {
    facadeModuleId: path.join(root, 'src/features/rent/ui/rent-listing-page.tsx'),
    isDynamicEntry: true,
    imports: ['assets/db-C.js', 'assets/index-A.js'],
    viteMetadata: { importedCss: new Set(['assets/rent-D.css']) },
  }),
  'assets/landing-page-E.js': chunk('assets/landing-page-E.js', {
    facadeModuleId: path.join(root, 'src/features/public-site/ui/landing-page.tsx'),
    isDynamicEntry: true,
    imports: ['assets/index-A.js'],
  }),
  'assets/preload-helper-F.js': chunk('assets/preload-helper-F.js', { facadeModuleId: '\0vite/preload-helper.js' }),
  'assets/rent-D.css': { type: 'asset', fileName: 'assets/rent-D.css' },
};

const routesSource = `
import { lazy } from 'react';
const rent = {
  ListingPage: lazy(() => import('@/features/rent/ui/rent-listing-page').then((m) => ({ default: m.RentListingPage }))),
};
const LandingPage = lazy(() => import('@/features/public-site/ui/landing-page').then((m) => ({ default: m.LandingPage })));
const NotFoundPage = () => null;
export const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/main/rent', element: <rent.ListingPage /> },
      { path: '/main/view-rent/:id', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
`;

describe('route preloads from the bundle', () => {
  it('keys page chunks by source path and shared chunks by file, like the Vite manifest', () => {
    const manifest = manifestFromBundle(bundle, root);
    expect(manifest['src/features/rent/ui/rent-listing-page.tsx']).toEqual({
      file: 'assets/rent-listing-page-D.js',
      isEntry: false,
      isDynamicEntry: true,
      imports: ['_assets/db-C.js', 'index.html'],
      css: ['assets/rent-D.css'],
    });
    expect(manifest['index.html']?.isEntry).toBe(true);
    expect(manifest['_assets/preload-helper-F.js']?.file).toBe('assets/preload-helper-F.js');
    expect(Object.values(manifest).some((entry) => entry.file.endsWith('.css'))).toBe(false);
  });

  it('names for each route the files its pages need beyond the entry, and leaves out routes that need none', () => {
    const preloads = routePreloads(manifestFromBundle(bundle, root), routesSource);
    expect(preloads).toEqual([
      { path: '/', js: ['assets/landing-page-E.js'], css: [] },
      { path: '/main/rent', js: ['assets/db-C.js', 'assets/rent-listing-page-D.js'], css: ['assets/rent-D.css'] },
    ]);
  });
});
