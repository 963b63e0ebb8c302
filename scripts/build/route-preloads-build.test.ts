import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE_ROUTES, ROUTE_PRELOADS_FILE } from '../../server/http/route-preloads';
import { ROUTE_MANIFEST } from '../../src/domain/route-manifest';
import { NEXT_ROUTES } from './precache-groups';
import { bundleReport, measuredRoutes } from '../bench/bundle-report';
import { FIRST_LOAD_JS_BUDGETS, firstLoadJsBudgetFor } from '../bench/budgets';
import { readManifest, routeEntries, type ViteManifest } from './route-table';

const run = promisify(execFile);

// The app's real build (vite.config.ts, as `npm run build` makes it): every page of the route manifest must come
// out as a chunk of its own, and route-preloads.json must name it for the server.
let outDir: string;
let manifest: ViteManifest;
beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'basha-routes-build-'));
  // As `npm run build` makes it, in a process of its own: Vitest sets NODE_ENV=test, which would give React's
  // development build, and test files share their worker's modules (decision 0027), so React may already be loaded
  // here as the development build, which the prerender's production react-dom cannot render with.
  await run('npx', ['vite', 'build', '--logLevel', 'silent', '--outDir', outDir, '--emptyOutDir', '--manifest'], {
    env: { ...process.env, NODE_ENV: 'production' },
  });
  manifest = readManifest(outDir);
}, 180_000);
afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the app build and the route manifest', () => {
  it('makes each page of the manifest a chunk of its own', () => {
    for (const route of ROUTE_MANIFEST) {
      const chunk = manifest[route.page];
      expect(chunk?.isDynamicEntry, `${route.path}: ${route.page}`).toBe(true);
      expect(existsSync(path.join(outDir, chunk?.file ?? 'none')), route.page).toBe(true);
    }
  });

  it('keeps the landing page and the pages precached with it off the shared chunk (issue 23: at most 250 KiB)', () => {
    const preloads = JSON.parse(readFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), 'utf8')) as {
      path: string;
      js: string[];
    }[];
    const isShared = (file: string) => /(^|\/)shared-[\w-]+\.js$/.test(file);
    for (const route of ['/', ...NEXT_ROUTES]) {
      const files = preloads.find((entry) => entry.path === route)?.js ?? [];
      expect(files.length, route).toBeGreaterThan(0);
      expect(files.filter(isShared), route).toEqual([]);
    }
    // The shared chunk exists (other pages use it): the test would notice if it were renamed.
    expect(preloads.some((entry) => entry.js.some(isShared))).toBe(true);
  });

  it('keeps the lists off the other pages’ share: their messages and modules are not downloaded with a list', () => {
    const preloads = JSON.parse(readFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), 'utf8')) as {
      path: string;
      js: string[];
    }[];
    const filesOf = (route: string) => preloads.find((entry) => entry.path === route)?.js ?? [];
    const isRest = (file: string) => /(^|\/)shared-rest-[\w-]+\.js$/.test(file);
    for (const route of LIST_PAGE_ROUTES) {
      expect(
        filesOf(route).some((file) => /(^|\/)shared-(?!rest-)[\w-]+\.js$/.test(file)),
        route,
      ).toBe(true);
      expect(filesOf(route).filter(isRest), route).toEqual([]);
    }
    // The other share exists, and a form page loads it: the test would notice if it were renamed.
    expect(filesOf('/main/add-rent').some(isRest)).toBe(true);
  });

  it('names each route’s page chunk in route-preloads.json, keyed by the manifest’s path', () => {
    const preloads: unknown = JSON.parse(readFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), 'utf8'));
    expect(preloads).toEqual(
      ROUTE_MANIFEST.map((route) =>
        expect.objectContaining({ path: route.path, js: expect.arrayContaining([manifest[route.page]?.file]) }),
      ),
    );
  });

  it('ships React Router’s production build: none of the development build’s warnings reach a phone', () => {
    const scripts = readdirSync(path.join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, code: readFileSync(path.join(outDir, 'assets', file), 'utf8') }));
    // The router is in the build (the check would pass on no router at all otherwise) ...
    expect(scripts.some(({ code }) => code.includes('may be used only in the context of a <Router> component'))).toBe(
      true,
    );
    // ... without the warnings its development build prints (vite.config.ts picks the production one).
    for (const { file, code } of scripts) expect(code, file).not.toContain('You rendered descendant');
  });

  it('has the start-up chunk the worker precaches by name (scripts/build/precache-groups.ts), apart from the entry', () => {
    const workbox = Object.keys(manifest).filter((key) =>
      /^assets\/workbox-window[\w.-]*\.js$/.test(manifest[key]!.file),
    );
    expect(workbox).toHaveLength(1);
    expect(manifest['index.html']?.imports ?? []).not.toContain(workbox[0]);
    expect(manifest['index.html']?.dynamicImports ?? []).toContain(workbox[0]);
  });

  // The first-load budgets (docs/performance.md): the entry and the page's chunks with their static imports, gzip.
  it(`keeps / within ${FIRST_LOAD_JS_BUDGETS.home / 1024} KiB of first-load JS (gzip)`, () => {
    const [home] = bundleReport(outDir, manifest, measuredRoutes(routeEntries(ROUTE_MANIFEST))).filter(
      (route) => route.path === '/',
    );
    expect(home?.missing).toEqual([]);
    expect(home?.js.gzip).toBeLessThanOrEqual(firstLoadJsBudgetFor('/')!);
  });

  it(`keeps every /main page within ${FIRST_LOAD_JS_BUDGETS.main / 1024} KiB of first-load JS (gzip), but the few listed`, () => {
    const pages = bundleReport(outDir, manifest, measuredRoutes(routeEntries(ROUTE_MANIFEST))).filter((route) =>
      route.path.startsWith('/main/'),
    );
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      const ceiling = OVER_BUDGET_CEILINGS[page.path] ?? firstLoadJsBudgetFor(page.path)!;
      expect(page.js.gzip, `${page.path}: ${(page.js.gzip / 1024).toFixed(1)} KiB`).toBeLessThanOrEqual(ceiling);
    }
  });
});

/**
 * The pages still over the /main budget, each with the ceiling it may not pass meanwhile: they read a mirror
 * (Dexie, about 27 KiB) to draw, the ad being edited or the provider's services (docs/performance.md). The
 * other forms load the outbox when they first use it (src/lib/outbox/outbox-lazy.ts). Measured 2026-11-29 with
 * issue 39's number fields: 236.3, 241.5 and 241.8 KiB. Raise a ceiling only in a commit that says why.
 * 2026-12-07, edit-rent raised by 0.5 KiB to 237.5: measured 237.1 with issue 39's drafts (the form's change signals)
 * and the every-word search rules (src/domain/search-text.ts), which the page reads with the rent mirror's module.
 * 2026-12-07, each raised by 2 to 2.5 KiB (measured 243.9 KiB for offer-service, 239.4 for edit-rent): issue 40's phone rules (the number
 * field's messages for another country's number and a landline, a verified phone counting as verified) and the
 * visitors' shared modules (session viewer, contact buttons' Show number).
 * 2026-12-07, each raised by 0.5 KiB (measured 244.7 for offer-service and edit-profession, from 244.4, and 240.2 for
 * edit-rent, from 239.9): issue 41's My requests page in the shell (its route, title and header link, the request
 * slot the service and rent pages fill) and the slot's button in `shared-rest`; the sheet and the page are one lazy
 * chunk, off every form page.
 * 2026-12-07, each raised by 0.5 KiB (measured 245.2 for offer-service and edit-profession, from 244.7, and 240.7 for
 * edit-rent, from 240.2): issue 41's header badge, 0.25 KiB of the entry (My requests' link waits for the page to
 * settle and listens for a return to the tab; the count itself is a lazy chunk that needs nothing but the entry), and
 * "Hired on Basha"'s words in both languages, 0.2 KiB, which as messages of a lazy chunk join `shared-rest`.
 * 2026-12-07, each raised by 0.5 KiB more (measured apart, on the same base, 245.2 for offer-service and
 * edit-profession and 240.6 for edit-rent): issue 41's requests made offline, two outbox kinds that every form page's share of the
 * outbox knows (their names in both languages for "saved on this phone", their payloads' shapes, the app's table
 * of senders); the forms' words for requests stay in My requests' chunk (src/domain/request-shapes.ts).
 * 2026-12-07, both of these together: measured 245.6 for offer-service. Each raised by 0.5 KiB again (246, 246, 241.5).
 * These three pages have gained 4 KiB in a month, half of it an outbox that knows every kind: the next kind should
 * bring its name and shape with its own chunk instead.
 */
const OVER_BUDGET_CEILINGS: Record<string, number> = {
  '/main/edit-rent/:id': 241.5 * 1024,
  '/main/offer-service': 246 * 1024,
  '/main/edit-profession/:serviceId': 246 * 1024,
};
