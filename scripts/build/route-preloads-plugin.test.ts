import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../src/domain/route-manifest';
import { manifestFromBundle, routePreloads, type BundleChunkInfo, type BundleItem } from './route-preloads-plugin';

// A bundle as Vite hands it to generateBundle: the entry, a shared chunk, two pages (one importing the entry back,
// as Vite 8 does), a style sheet asset and a helper that is not a module of the app.
const root = '/repo';
const chunk = (fileName: string, extra: Partial<BundleChunkInfo> = {}): BundleChunkInfo => ({
  type: 'chunk',
  fileName,
  facadeModuleId: null,
  isEntry: false,
  isDynamicEntry: false,
  imports: [],
  viteMetadata: { importedCss: new Set<string>() },
  ...extra,
});
const bundle: Record<string, BundleItem> = {
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

const routes: RouteDefinition[] = [
  { path: '/', page: 'src/features/public-site/ui/landing-page.tsx', signIn: false },
  {
    path: '/main/rent',
    page: 'src/features/rent/ui/rent-listing-page.tsx',
    signIn: true,
    // Inlined into the page's chunk: no chunk of its own, nothing more to preload.
    preload: ['src/features/rent/db/rent-db.ts'],
  },
];

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

  it('names for each route of the manifest the files its page and preloads need beyond the entry', () => {
    const preloads = routePreloads(manifestFromBundle(bundle, root), routes);
    expect(preloads).toEqual([
      { path: '/', js: ['assets/landing-page-E.js'], css: [] },
      { path: '/main/rent', js: ['assets/db-C.js', 'assets/rent-listing-page-D.js'], css: ['assets/rent-D.css'] },
    ]);
  });

  it('stops the build when a route’s page is not a chunk of its own', () => {
    const manifest = manifestFromBundle(bundle, root);
    const withMissingPage: RouteDefinition[] = [
      ...routes,
      { path: '/about', page: 'src/features/public-site/ui/about-page.tsx', signIn: false },
    ];
    expect(() => routePreloads(manifest, withMissingPage)).toThrow(
      'The route /about loads src/features/public-site/ui/about-page.tsx, which is not a chunk of its own',
    );
    // A chunk the page's code imports statically is not the page's own chunk either.
    const inlined: RouteDefinition[] = [{ path: '/db', page: '_assets/db-C.js', signIn: false }];
    expect(() => routePreloads(manifest, inlined)).toThrow('not a chunk of its own');
  });
});
