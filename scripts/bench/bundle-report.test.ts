import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROUTE_MANIFEST } from '../../src/domain/route-manifest';
import {
  bundleReport,
  entryKey,
  filesOf,
  manifestKeyOf,
  measuredRoutes,
  routeEntries,
  staticClosure,
  type ViteManifest,
} from './bundle-report';

// The shape Vite writes to <outDir>/.vite/manifest.json: shared chunks keyed `_name-hash.js`, page chunks keyed
// by their source path, and chunks that import the entry back (index.html) as Vite 8 does.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-A.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-B.js'],
    dynamicImports: ['src/features/rent/ui/rent-listing-page.tsx', 'src/features/public-site/ui/landing-page.tsx'],
    css: ['assets/index-A.css'],
  },
  '_vendor-B.js': { file: 'assets/vendor-B.js', name: 'vendor' },
  '_rent-db-C.js': { file: 'assets/rent-db-C.js', imports: ['_dexie-D.js', 'index.html'] },
  '_dexie-D.js': { file: 'assets/dexie-D.js' },
  '_rent-E.css': { file: 'assets/rent-E.css', src: '_rent-E.css' },
  '_cards-F.js': { file: 'assets/cards-F.js', imports: ['index.html'], css: ['assets/rent-E.css'] },
  'src/features/rent/ui/rent-listing-page.tsx': {
    file: 'assets/rent-listing-page-G.js',
    src: 'src/features/rent/ui/rent-listing-page.tsx',
    isDynamicEntry: true,
    imports: ['_rent-db-C.js', '_cards-F.js', 'index.html'],
    dynamicImports: ['node_modules/firebase/auth/dist/esm/index.esm.js'],
    css: ['assets/rent-listing-page-G.css'],
  },
  'src/features/public-site/ui/landing-page.tsx': {
    file: 'assets/landing-page-H.js',
    src: 'src/features/public-site/ui/landing-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'node_modules/firebase/auth/dist/esm/index.esm.js': {
    file: 'assets/index.esm-I.js',
    isDynamicEntry: true,
  },
};

const files: Record<string, string> = {
  'assets/index-A.js': 'entry();'.repeat(100),
  'assets/index-A.css': 'body{margin:0}'.repeat(20),
  'assets/vendor-B.js': 'react();'.repeat(300),
  'assets/rent-db-C.js': 'db();'.repeat(50),
  'assets/dexie-D.js': 'dexie();'.repeat(200),
  'assets/rent-E.css': '.card{}'.repeat(40),
  'assets/cards-F.js': 'cards();'.repeat(30),
  'assets/rent-listing-page-G.js': 'list();'.repeat(60),
  'assets/rent-listing-page-G.css': '.list{}'.repeat(10),
  'assets/landing-page-H.js': 'landing();'.repeat(70),
  'assets/index.esm-I.js': 'firebase();'.repeat(5000),
};
const readFile = (file: string) => {
  const content = files[file];
  if (content === undefined) throw new Error(`unexpected read of ${file}`);
  return Buffer.from(content);
};
const gzipOf = (...names: string[]) => names.reduce((sum, name) => sum + gzipSync(readFile(name)).length, 0);
const bytesOf = (...names: string[]) => names.reduce((sum, name) => sum + readFile(name).length, 0);

describe('the routes from the route manifest', () => {
  it('gives each route its full path, its page and the modules it loads beside it, as manifest keys', () => {
    const routes = routeEntries([
      { path: '/', page: 'src/features/public-site/ui/landing-page.tsx', signIn: false },
      {
        path: '/main/profile/:userId',
        page: 'src/features/profiles/ui/profile-page.tsx',
        signIn: true,
        preload: ['src/features/accounts/session/session-flows.ts'],
      },
    ]);
    expect(routes).toEqual([
      { path: '/', modules: ['src/features/public-site/ui/landing-page.tsx'] },
      {
        path: '/main/profile/:userId',
        modules: ['src/features/profiles/ui/profile-page.tsx', 'src/features/accounts/session/session-flows.ts'],
      },
    ]);
  });

  it('keeps the pages a benchmark measures: no wildcards, no page-less guards, always the home page', () => {
    const routes = [
      { path: '/', modules: ['src/features/public-site/ui/landing-page.tsx'] },
      { path: '/auth/login', modules: ['src/features/accounts/ui/login-page.tsx'] },
      { path: '/services/:slug', modules: ['src/features/public-site/ui/service-info-page.tsx'] },
      { path: '/main', modules: [] },
      { path: '/main/rent', modules: ['src/features/rent/ui/rent-listing-page.tsx'] },
      {
        path: '/main/profile/:userId',
        modules: ['src/features/profiles/ui/profile-page.tsx', 'src/features/accounts/session/session-flows.ts'],
      },
      { path: '/main/add-rent', modules: ['src/features/rent/ui/add-rent-page.tsx'] },
      { path: '/main/*', modules: [] },
    ];
    expect(measuredRoutes(routes).map((route) => route.path)).toEqual([
      '/',
      '/auth/login',
      '/services/:slug',
      '/main/rent',
      '/main/profile/:userId',
      '/main/add-rent',
    ]);
  });

  it("measures every route of the app's manifest, each with its page", () => {
    const appRoutes = measuredRoutes(routeEntries(ROUTE_MANIFEST));
    // The phone sign-in's steps are its page's, under its path: measured once, as /auth/phone; so is the code step
    // of a number added to one's account, as /main/add/:contact, and a conversation's thread, as /main/messages.
    const steps = ['/auth/phone/code', '/auth/phone/register', '/main/add/:contact/code', '/main/messages/:id'];
    expect(appRoutes.map((route) => route.path)).toEqual(
      ROUTE_MANIFEST.map((route) => route.path).filter((path) => !steps.includes(path)),
    );
    expect(appRoutes.find((route) => route.path === '/main/rent')?.modules).toEqual([
      'src/features/rent/ui/rent-listing-page.tsx',
    ]);
    expect(appRoutes.find((route) => route.path === '/services/:slug')?.modules).toEqual([
      'src/features/public-site/ui/service-info-page.tsx',
    ]);
  });
});

describe('the manifest walk', () => {
  it('finds the entry and follows static imports only, once each, through imports of the entry', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(staticClosure(manifest, ['src/features/rent/ui/rent-listing-page.tsx']).sort()).toEqual(
      [
        '_cards-F.js',
        '_dexie-D.js',
        '_rent-db-C.js',
        '_vendor-B.js',
        'index.html',
        'src/features/rent/ui/rent-listing-page.tsx',
      ].sort(),
    );
  });

  it('collects JavaScript files and the CSS of every chunk, without duplicates', () => {
    const keys = staticClosure(manifest, ['index.html', 'src/features/rent/ui/rent-listing-page.tsx']);
    expect(filesOf(manifest, keys)).toEqual({
      js: [
        'assets/cards-F.js',
        'assets/dexie-D.js',
        'assets/index-A.js',
        'assets/rent-db-C.js',
        'assets/rent-listing-page-G.js',
        'assets/vendor-B.js',
      ],
      css: ['assets/index-A.css', 'assets/rent-E.css', 'assets/rent-listing-page-G.css'],
    });
  });

  it('resolves import specifiers to manifest keys, with or without extension', () => {
    expect(manifestKeyOf(manifest, '@/features/rent/ui/rent-listing-page')).toBe(
      'src/features/rent/ui/rent-listing-page.tsx',
    );
    expect(manifestKeyOf(manifest, '../features/public-site/ui/landing-page', 'src/app/routes.tsx')).toBe(
      'src/features/public-site/ui/landing-page.tsx',
    );
    expect(manifestKeyOf(manifest, '@/features/accounts/session/session-flows')).toBeUndefined();
  });
});

describe('the bundle report', () => {
  const report = bundleReport(
    '/nowhere',
    manifest,
    [
      { path: '/', modules: ['@/features/public-site/ui/landing-page'] },
      { path: '/main/rent', modules: ['@/features/rent/ui/rent-listing-page', '@/lib/inlined-module'] },
    ],
    readFile,
  );

  it('counts the entry, its static imports and the route chunk, never dynamic imports (Firebase here)', () => {
    const home = report[0];
    expect(home?.chunks).toEqual(['src/features/public-site/ui/landing-page.tsx']);
    expect(home?.js).toEqual({
      files: 3,
      bytes: bytesOf('assets/index-A.js', 'assets/vendor-B.js', 'assets/landing-page-H.js'),
      gzip: gzipOf('assets/index-A.js', 'assets/vendor-B.js', 'assets/landing-page-H.js'),
    });
    expect(home?.css).toEqual({ files: 1, bytes: bytesOf('assets/index-A.css'), gzip: gzipOf('assets/index-A.css') });
  });

  it("adds the route chunk's own static imports and CSS, and names modules the build has no chunk for", () => {
    const rent = report[1];
    const js = [
      'assets/index-A.js',
      'assets/vendor-B.js',
      'assets/rent-listing-page-G.js',
      'assets/rent-db-C.js',
      'assets/dexie-D.js',
      'assets/cards-F.js',
    ];
    const css = ['assets/index-A.css', 'assets/rent-E.css', 'assets/rent-listing-page-G.css'];
    expect(rent?.js).toEqual({ files: 6, bytes: bytesOf(...js), gzip: gzipOf(...js) });
    expect(rent?.css).toEqual({ files: 3, bytes: bytesOf(...css), gzip: gzipOf(...css) });
    expect(rent?.missing).toEqual(['@/lib/inlined-module']);
  });
});
