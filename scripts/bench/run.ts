import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { ROUTE_MANIFEST } from '../../src/domain/route-manifest';
import type { RentPost } from '../../src/domain/rent-post';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import { CHROMIUM_PATH } from '../../e2e/support/browser';
import { createThrowawayDatabase } from '../../server/test/throwaway-database';
import { API, getJson, signInDemoUser, syncAllPages, type Session } from './api';
import { CONNECTIONS, DURATION_S, runApiLoad, type LoadResult } from './api-load';
import { runApiSpeed, type SpeedFigures, type SpeedResult } from './api-speed';
import { loadRoutesInBrowser, type BrowserRouteLoad } from './bundle-browser';
import { bundleReport, measuredRoutes, readManifest, routeEntries, type RouteBundle } from './bundle-report';
import { runLighthouse, LIGHTHOUSE_RUNS, type LighthousePage, type LighthouseTarget } from './lighthouse';
import { measureDataCost, type DataCostResult, type VisitBytes } from './data-cost';
import { buildQueryPage, runQueryBench, type QueryBenchResult } from './query-bench';
import { BUDGETS, budgetSummary, jsBudgetFor, kib, ms, percent, renderTable, type Row } from './report';
import { startStack, stopAllStacks, type RunningStack } from './stack';
import {
  DELTA_CHANGES,
  measureThumbnails,
  runSyncBytes,
  type SyncBytesResult,
  type ThumbnailResult,
} from './sync-bytes';

/**
 * `npm run bench`: builds the app into its own folder, starts a throwaway stack with 10,000 more rent posts,
 * measures (a) the local query against the old way, (b) sync bytes and card photos, (c) the API under load on
 * PGlite and, with DATABASE_URL, on PostgreSQL, (d) first-load JS and CSS per route, (e) Lighthouse, then prints
 * one table with the budgets and writes bench/results.json. Each section fails on its own: the others still
 * report. Every process started here is stopped at the end, or on Ctrl-C. See docs/performance.md.
 */

const RENT_POSTS = Number(process.env.BENCH_RENT_POSTS ?? 10_000);
const DIST_DIR = `.tmp/bench-dist-${process.env.BENCH_PORT_OFFSET ?? 0}`;
const RESULTS_FILE = 'bench/results.json';
const LIGHTHOUSE_PATHS = ['/', '/main/rent', '/main/find-service/all'];
/** Each page in English, then in Bangla (issue 18: Lighthouse stays at 95 in Bangla too); Bangla last, see runLighthouse. */
const LIGHTHOUSE_PAGES: LighthouseTarget[] = [
  ...LIGHTHOUSE_PATHS.map((path) => ({ path })),
  ...LIGHTHOUSE_PATHS.map((path) => ({ path, locale: 'bn' as const })),
];
/**
 * `npm run bench -- --only=server-speed`: only the server-speed rows (issue 23), without the build (the stack
 * serves a placeholder page), the browser, Lighthouse or the other API rows. bench/results.json is left alone.
 */
const ONLY_SERVER_SPEED = process.argv.includes('--only=server-speed');
/**
 * `npm run bench -- --only=local-query`: only the local-query rows (section a): the query page alone is built
 * (beside a placeholder app page), on a stack seeded as usual. bench/results.json is left alone.
 */
const ONLY_LOCAL_QUERY = process.argv.includes('--only=local-query');
/**
 * `npm run bench -- --only=data-cost`: only the data-cost rows (section f: a first and a repeat visit to `/`, on the
 * wire, service worker included), on a build and a stack without the 10,000 seeded posts. Printed, not written.
 */
const ONLY_DATA_COST = process.argv.includes('--only=data-cost');
/**
 * `npm run bench -- --only=public-page`: only the Lighthouse rows of a shared rent ad's public page, `/rent/{id}`
 * (issue 20: at least 95), in both languages, on a build and a stack with the demo data alone. Printed, not written.
 */
const ONLY_PUBLIC_PAGE = process.argv.includes('--only=public-page');
/**
 * `npm run bench -- --only=lighthouse`: every Lighthouse row (the app's pages and the public page, in both languages),
 * on a build and a stack with the demo data alone (the full bench seeds 10,000 ads first). Printed, not written.
 */
const ONLY_LIGHTHOUSE = process.argv.includes('--only=lighthouse');

/** A live demo ad's public page, as the sitemap lists it (the public pages are not in the route manifest). */
async function publicRentPath(baseUrl: string): Promise<string> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const found = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1]!).pathname)
    .find((pathname) => pathname.startsWith('/rent/'));
  if (!found) throw new Error('the sitemap lists no rent ad');
  return found;
}

/** The public page's Lighthouse targets: English, then Bangla (`?lang=`, as shared links carry it). */
const publicPageTargets = (rentPath: string): LighthouseTarget[] => [
  { path: rentPath },
  { path: `${rentPath}?lang=bn`, locale: 'bn' },
];

/** Every Lighthouse target: the shared rent ad's public page (issue 20) in its language pair, before the app's Bangla pages (see runLighthouse). */
function allLighthouseTargets(rentPath: string): LighthouseTarget[] {
  const publicPage = publicPageTargets(rentPath);
  const english = LIGHTHOUSE_PAGES.filter((target) => !target.locale);
  const bangla = LIGHTHOUSE_PAGES.filter((target) => target.locale);
  return [...english, publicPage[0]!, ...bangla, publicPage[1]!];
}

const started = performance.now();
const errors: Record<string, string> = {};
const log = (line: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

async function section<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
  log(`${name} ...`);
  const sectionStarted = performance.now();
  try {
    const result = await run();
    log(`${name} done in ${((performance.now() - sectionStarted) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    errors[name] = message;
    log(`${name} FAILED: ${message}`);
    return undefined;
  }
}

let dropDatabase: (() => Promise<void>) | undefined;
async function cleanUp() {
  await stopAllStacks();
  await dropDatabase?.().catch((error: unknown) => console.error('Could not drop the benchmark database:', error));
  dropDatabase = undefined;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the benchmark stacks ...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function machine() {
  const chromium = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? 'unknown';
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium,
    commit,
  };
}

interface Results {
  date: string;
  machine: ReturnType<typeof machine>;
  rentPostsSeeded?: number;
  query?: QueryBenchResult;
  syncBytes?: SyncBytesResult;
  thumbnails?: ThumbnailResult;
  api: { pglite?: LoadResult[]; postgres?: LoadResult[] | { skipped: string } };
  speed: { pglite?: SpeedResult; postgres?: SpeedResult | { skipped: string } };
  bundle?: RouteBundle[];
  bundleInBrowser?: BrowserRouteLoad[];
  dataCost?: DataCostResult;
  lighthouse?: { lighthouseVersion: string; pages: LighthousePage[] };
  stacks: Record<string, { startMs: number; seedMs: number; seeded: number }>;
  budgets?: { passed: number; failed: number; failures: string[] };
  rows?: Row[];
  errors: Record<string, string>;
  durationS?: number;
}

async function main() {
  const results: Results = {
    date: new Date().toISOString(),
    machine: machine(),
    api: {},
    speed: {},
    stacks: {},
    errors,
  };
  log(`${results.machine.cpus} cores, Node ${results.machine.node}, ${results.machine.chromium}`);
  if (ONLY_SERVER_SPEED) return serverSpeedOnly(results);
  if (ONLY_LOCAL_QUERY) return localQueryOnly(results);
  if (ONLY_DATA_COST) return dataCostOnly(results);
  if (ONLY_PUBLIC_PAGE) return lighthouseOnly(results, (rentPath) => publicPageTargets(rentPath));
  if (ONLY_LIGHTHOUSE) return lighthouseOnly(results, allLighthouseTargets);

  buildApp();

  results.bundle = await section('bundle (manifest)', async () => {
    const routes = measuredRoutes(routeEntries(ROUTE_MANIFEST));
    return bundleReport(DIST_DIR, readManifest(DIST_DIR), routes);
  });
  const queryPageBuilt = await section('query page build', () => buildQueryPage(DIST_DIR).then(() => true));

  // The PostgreSQL stack starts beside the PGlite one (both spend most of their start making demo photos) and
  // waits, idle, until the PGlite measurements are done.
  const serverUrl = process.env.DATABASE_URL;
  const pgStackStarting = serverUrl ? startPostgresStack(serverUrl) : undefined;
  pgStackStarting?.catch(() => undefined);

  let stack: RunningStack | undefined;
  try {
    stack = await section('PGlite stack start and seeding', () =>
      startStack({ name: 'pglite', slot: 0, distDir: DIST_DIR, rentPosts: RENT_POSTS }),
    );
    if (stack) {
      log(`stack on ${stack.url}: ${stack.seeded} rent posts seeded in ${stack.seedMs} ms (start ${stack.startMs} ms)`);
      results.stacks.pglite = { startMs: stack.startMs, seedMs: stack.seedMs, seeded: stack.seeded };
      results.rentPostsSeeded = stack.seeded;
      const running = stack;
      const session = await section('sign-in', () => signInDemoUser(running.url));
      if (session) await measureOnStack(results, running, session, Boolean(queryPageBuilt));
    }
  } finally {
    await stack?.stop();
  }

  if (pgStackStarting) {
    results.api.postgres = await section('API load on PostgreSQL', async () => {
      const pgStack = await pgStackStarting;
      try {
        results.stacks.postgres = { startMs: pgStack.startMs, seedMs: pgStack.seedMs, seeded: pgStack.seeded };
        const session = await signInDemoUser(pgStack.url);
        results.speed.postgres = await section('server speed on PostgreSQL', () =>
          runApiSpeed(pgStack, session, { twoProcesses: true }, log),
        );
        return await runApiLoad(pgStack.directUrl, pgStack.mailUrl, session, log);
      } finally {
        await pgStack.stop();
        await cleanUp();
      }
    });
  } else {
    results.api.postgres = { skipped: 'DATABASE_URL is not set' };
    results.speed.postgres = { skipped: 'DATABASE_URL is not set' };
  }

  const rows = tableRows(results);
  results.rows = rows;
  results.budgets = budgetSummary(rows);
  results.durationS = Math.round((performance.now() - started) / 1000);

  console.log(
    `\nBasha benchmark, ${results.date}: ${results.machine.cpus} cores (${results.machine.cpuModel}), Node ${results.machine.node}, ${results.machine.chromium}, ${results.rentPostsSeeded ?? '?'} seeded rent posts\n`,
  );
  console.log(renderTable(rows));
  const { passed, failed } = results.budgets;
  console.log(
    `\nBudgets: ${passed} pass, ${failed} fail${failed ? ' (a benchmark: the command still succeeds)' : ''}.`,
  );
  for (const [name, message] of Object.entries(errors)) console.log(`Not measured: ${name}: ${message}`);
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  // Written as Prettier writes it, so `npm run format` leaves the committed file alone.
  const prettierOptions = (await resolveConfig(RESULTS_FILE)) ?? {};
  writeFileSync(
    RESULTS_FILE,
    await format(JSON.stringify(results, null, 2), { ...prettierOptions, filepath: RESULTS_FILE }),
  );
  console.log(`\nWritten to ${RESULTS_FILE} in ${results.durationS} s.`);
}

function buildApp() {
  log(`building the app into ${DIST_DIR} (with its manifest) ...`);
  rmSync(DIST_DIR, { recursive: true, force: true });
  const vite = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', DIST_DIR, '--manifest'],
    { stdio: 'inherit' },
  );
  if (vite.status !== 0) throw new Error('vite build failed');
}

/** The data-cost rows alone (`--only=data-cost`): printed, not written to bench/results.json. */
async function dataCostOnly(results: Results) {
  buildApp();
  let stack: RunningStack | undefined;
  try {
    stack = await section('stack start', () =>
      startStack({ name: 'data-cost', slot: 0, distDir: DIST_DIR, rentPosts: 0 }),
    );
    const running = stack;
    if (running) results.dataCost = await section('data cost (chromium)', () => measureDataCost(running.directUrl));
  } finally {
    await stack?.stop();
  }
  const rows = dataCostRows(results);
  console.log(`\nBasha data cost, ${results.date}: ${results.machine.chromium}\n`);
  console.log(renderTable(rows));
  const { passed, failed } = budgetSummary(rows);
  console.log(`\nBudgets: ${passed} pass, ${failed} fail.`);
  for (const [name, message] of Object.entries(errors)) console.log(`Not measured: ${name}: ${message}`);
  console.log(JSON.stringify(results.dataCost, null, 1));
}

/** The Lighthouse rows alone (`--only=public-page`, `--only=lighthouse`): printed, not written to bench/results.json. */
async function lighthouseOnly(results: Results, targetsFor: (rentPath: string) => LighthouseTarget[]) {
  buildApp();
  let stack: RunningStack | undefined;
  try {
    stack = await section('stack start', () =>
      startStack({ name: 'public-page', slot: 0, distDir: DIST_DIR, rentPosts: 0 }),
    );
    const running = stack;
    if (running) {
      results.lighthouse = await section('Lighthouse', async () =>
        runLighthouse(running.url, targetsFor(await publicRentPath(running.url)), log),
      );
    }
  } finally {
    await stack?.stop();
  }
  for (const page of results.lighthouse?.pages ?? []) {
    console.log(
      `${page.path}${page.locale ? ` (${page.locale})` : ''}: ${page.score} (LCP ${page.lcpMs} ms, TBT ${page.tbtMs} ms, CLS ${page.cls}, FCP ${page.fcpMs} ms; machine's benchmarkIndex ${page.benchmarkIndex})`,
    );
  }
  for (const [name, message] of Object.entries(errors)) console.log(`Not measured: ${name}: ${message}`);
}

/**
 * Section f (issue 23): a visit to `/` on mobile data, every byte on the wire (docs/performance.md): a first visit
 * with the service worker's caches, a repeat visit, and a first visit with the phone's data saver on.
 */
function dataCostRows(results: Results): Row[] {
  const F = 'f. Data cost of / (wire)';
  const cost = results.dataCost;
  if (!cost) return [{ section: F, measure: 'not measured', figure: errors['data cost (chromium)'] ?? 'see errors' }];
  const figure = (visit: VisitBytes) =>
    `${kib(visit.wireBytes)} (page ${kib(visit.pageBytes)}, worker's caches ${kib(visit.workerBytes)}, worker script and other ${kib(visit.otherBytes)})`;
  const entries = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ') || 'none';
  return [
    {
      section: F,
      measure: 'first visit, service worker caches included',
      figure: figure(cost.firstVisit),
      budget: `≤ ${kib(BUDGETS.firstVisitBytes, 0)}`,
      pass: cost.firstVisit.wireBytes <= BUDGETS.firstVisitBytes,
      note: `caches: ${entries(cost.cachesAfterFirstVisit)}`,
    },
    {
      section: F,
      measure: 'repeat visit',
      figure: figure(cost.repeatVisit),
      budget: `≤ ${kib(BUDGETS.repeatVisitBytes, 0)}`,
      pass: cost.repeatVisit.wireBytes <= BUDGETS.repeatVisitBytes,
    },
    {
      section: F,
      measure: 'first visit with Save-Data',
      figure: figure(cost.saveDataFirstVisit),
      budget: `≤ ${kib(BUDGETS.firstVisitBytes, 0)}`,
      pass: cost.saveDataFirstVisit.wireBytes <= BUDGETS.firstVisitBytes,
      note: `caches: ${entries(cost.cachesAfterSaveDataVisit)}`,
    },
  ];
}

/** The server-speed rows alone (`--only=server-speed`): printed, not written to bench/results.json. */
async function serverSpeedOnly(results: Results) {
  const placeholderDir = `${DIST_DIR}-placeholder`;
  mkdirSync(placeholderDir, { recursive: true });
  writeFileSync(path.join(placeholderDir, 'index.html'), '<!doctype html><title>Basha</title>');
  const serverUrl = process.env.DATABASE_URL;
  let stack: RunningStack | undefined;
  try {
    stack = await section('PGlite stack start and seeding', () =>
      startStack({ name: 'pglite', slot: 0, distDir: placeholderDir, rentPosts: RENT_POSTS }),
    );
    if (stack) {
      const running = stack;
      const session = await section('sign-in', () => signInDemoUser(running.url));
      if (session) {
        results.speed.pglite = await section('server speed on PGlite', () =>
          runApiSpeed(running, session, { twoProcesses: false }, log),
        );
      }
    }
  } finally {
    await stack?.stop();
  }
  if (serverUrl) {
    results.speed.postgres = await section('server speed on PostgreSQL', async () => {
      const pgStack = await startPostgresStack(serverUrl, placeholderDir);
      try {
        return await runApiSpeed(pgStack, await signInDemoUser(pgStack.url), { twoProcesses: true }, log);
      } finally {
        await pgStack.stop();
        await cleanUp();
      }
    });
  } else {
    results.speed.postgres = { skipped: 'DATABASE_URL is not set' };
  }
  const rows = speedRows(results);
  console.log(`\nBasha server speed, ${results.date}: ${results.machine.cpus} cores, Node ${results.machine.node}\n`);
  console.log(renderTable(rows));
  const { passed, failed } = budgetSummary(rows);
  console.log(`\nBudgets: ${passed} pass, ${failed} fail.`);
  for (const [name, message] of Object.entries(errors)) console.log(`Not measured: ${name}: ${message}`);
  console.log(JSON.stringify(results.speed));
}

/** The local-query rows alone (`--only=local-query`): printed, not written to bench/results.json. */
async function localQueryOnly(results: Results) {
  const placeholderDir = `${DIST_DIR}-query-only`;
  rmSync(placeholderDir, { recursive: true, force: true });
  mkdirSync(placeholderDir, { recursive: true });
  writeFileSync(path.join(placeholderDir, 'index.html'), '<!doctype html><title>Basha</title>');
  const built = await section('query page build', () => buildQueryPage(placeholderDir).then(() => true));
  let stack: RunningStack | undefined;
  try {
    stack = await section('PGlite stack start and seeding', () =>
      startStack({ name: 'pglite', slot: 0, distDir: placeholderDir, rentPosts: RENT_POSTS }),
    );
    if (stack && built) {
      const running = stack;
      results.rentPostsSeeded = stack.seeded;
      const session = await section('sign-in', () => signInDemoUser(running.url));
      if (session) results.query = await section('local query (chromium)', () => runQueryBench(running.url, session));
    }
  } finally {
    await stack?.stop();
  }
  const rows = tableRows(results).filter((row) => row.section === 'a. Local query');
  console.log(
    `\nBasha local query, ${results.date}: ${results.machine.cpus} cores, ${results.rentPostsSeeded ?? '?'} seeded rent posts\n`,
  );
  console.log(renderTable(rows));
  const { passed, failed } = budgetSummary(rows);
  console.log(`\nBudgets: ${passed} pass, ${failed} fail.`);
  for (const [name, message] of Object.entries(errors)) console.log(`Not measured: ${name}: ${message}`);
}

/** A stack on a throwaway database of the PostgreSQL server DATABASE_URL names (dropped at the end). */
async function startPostgresStack(serverUrl: string, distDir = DIST_DIR): Promise<RunningStack> {
  const database = await createThrowawayDatabase(serverUrl, 'basha_bench');
  dropDatabase = database.drop;
  return startStack({ name: 'postgres', slot: 1, distDir, rentPosts: RENT_POSTS, databaseUrl: database.url });
}

async function measureOnStack(results: Results, stack: RunningStack, session: Session, queryPageBuilt: boolean) {
  if (queryPageBuilt) {
    results.query = await section('local query (chromium)', () => runQueryBench(stack.url, session));
  } else {
    errors['local query (chromium)'] = 'the query page did not build';
  }
  // Card photos first: the ads posted later (sections b and c) show the benchmark's drawn photos, not measured here.
  results.thumbnails = await section('card photos', async () => {
    const rent = await syncAllPages(stack.url, session);
    const services = await getJson<{ data: { coverThumbnail?: string | null }[] }>(
      `${stack.url}${API}/profession/find-services/all`,
      session.token,
    );
    const urls = [
      ...rent.changed.flatMap((post) => post.thumbnailUrls ?? []),
      ...services.data.flatMap((service) => (service.coverThumbnail ? [service.coverThumbnail] : [])),
    ];
    return measureThumbnails(stack.url, urls, BUDGETS.thumbnailBytes);
  });
  results.syncBytes = await section('sync bytes', () => runSyncBytes(stack.url, stack.mailUrl, session));
  results.bundleInBrowser = await section('bundle (chromium)', async () => {
    const rent = await getJson<{ data: SyncDelta<RentPost> }>(
      `${stack.url}${API}/rent/rent-posts?since=0`,
      session.token,
    );
    const services = await getJson<{ data: { provider: { _id: string } }[] }>(
      `${stack.url}${API}/profession/find-services/all`,
      session.token,
    );
    // Any post will do: the first page of a sync has one.
    const params: Record<string, string | undefined> = {
      ':id': rent.data.changed[0]?._id,
      ':userId': session.userId,
      ':category': 'all',
      ':slug': 'rent',
    };
    const routes = (results.bundle ?? [])
      .map((bundle) => {
        let concrete = bundle.path;
        // A provider's page is named by the provider's id (a service's id there is a page that never settles).
        if (bundle.path.startsWith('/main/prof-profile/'))
          concrete = `/main/prof-profile/${services.data[0]?.provider._id}`;
        for (const [param, value] of Object.entries(params)) if (value) concrete = concrete.replace(param, value);
        return { route: bundle.path, path: concrete, signedIn: bundle.path.startsWith('/main') };
      })
      // The pages with a budget; those that need a service of one's own are left to the manifest figure.
      .filter((route) => jsBudgetFor(route.route) !== undefined && !route.path.includes(':'));
    return loadRoutesInBrowser(stack.url, routes);
  });
  results.dataCost = await section('data cost (chromium)', () => measureDataCost(stack.directUrl));
  results.lighthouse = await section('Lighthouse', async () =>
    runLighthouse(stack.url, allLighthouseTargets(await publicRentPath(stack.url)), log),
  );
  // Before the API load, whose new ads would keep the delta from being empty for a minute.
  results.speed.pglite = await section('server speed on PGlite', () =>
    runApiSpeed(stack, session, { twoProcesses: false }, log),
  );
  results.api.pglite = await section('API load on PGlite', () =>
    runApiLoad(stack.directUrl, stack.mailUrl, session, log),
  );
}

/**
 * Section c's server-speed rows (issue 23): each answer's rate as a share of the bare Hono server measured in the
 * same section, and its p99; on PostgreSQL the same with two server processes, and how the two scale.
 */
function speedRows(results: Results): Row[] {
  const rows: Row[] = [];
  const C = `c. API (${CONNECTIONS} conn., ${DURATION_S} s)`;
  const rate = (figures: SpeedFigures, bare: SpeedFigures) =>
    `${figures.requestsPerSecond} req/s = ${percent(figures.requestsPerSecond / bare.requestsPerSecond, 1)} of bare Hono, p99 ${ms(figures.latencyP99Ms)}`;
  const note = (figures: SpeedFigures) =>
    figures.non2xx + figures.errors ? { note: `${figures.non2xx} non-2xx, ${figures.errors} errors` } : {};
  const judged = (measure: string, figures: SpeedFigures, bare: SpeedFigures, share: number): Row => ({
    section: C,
    measure,
    figure: rate(figures, bare),
    budget: `≥ ${percent(share, 0)}, p99 ≤ ${BUDGETS.serverP99Ms} ms`,
    pass:
      figures.requestsPerSecond >= share * bare.requestsPerSecond &&
      figures.latencyP99Ms <= BUDGETS.serverP99Ms &&
      figures.non2xx + figures.errors === 0,
    ...note(figures),
  });
  const forDatabase = (database: string, speed: SpeedResult | { skipped: string } | undefined, errorKey: string) => {
    if (!speed) {
      rows.push({ section: C, measure: `${database}: server speed`, figure: errors[errorKey] ?? 'not measured' });
      return;
    }
    if ('skipped' in speed) {
      rows.push({ section: C, measure: `${database}: server speed`, figure: `skipped: ${speed.skipped}` });
      return;
    }
    const { bare } = speed;
    rows.push(
      {
        section: C,
        measure: `${database}: bare Hono, small JSON (the yardstick)`,
        figure: `${bare.requestsPerSecond} req/s, p99 ${ms(bare.latencyP99Ms)}`,
      },
      judged(`${database}: empty delta (since=current cursor)`, speed.emptyDelta, bare, BUDGETS.emptyDeltaShare),
      judged(`${database}: rent detail`, speed.rentDetail, bare, BUDGETS.rentDetailShare),
    );
    const two = speed.twoProcesses;
    if (!two) return;
    const scaled = (measure: string, figures: SpeedFigures, one: SpeedFigures, share: number): Row => {
      const row = judged(measure, figures, bare, share);
      const scale = figures.requestsPerSecond / one.requestsPerSecond;
      // How busy one process kept the machine (load generator and database included) bounds what two can add.
      const busy =
        one.machineBusy === undefined
          ? ''
          : `; the machine was ${percent(one.machineBusy, 0)} busy with one process, ${percent(figures.machineBusy ?? Number.NaN, 0)} with two`;
      return {
        ...row,
        figure: `${row.figure}; ${scale.toFixed(2)}× one process${busy}`,
        budget: `${row.budget ?? ''}, ≥ ${BUDGETS.twoProcessScale}× one`,
        pass: row.pass === true && scale >= BUDGETS.twoProcessScale,
      };
    };
    rows.push(
      scaled(`${database}, 2 processes: empty delta`, two.emptyDelta, speed.emptyDelta, BUDGETS.emptyDeltaShare),
      scaled(`${database}, 2 processes: rent detail`, two.rentDetail, speed.rentDetail, BUDGETS.rentDetailShare),
    );
  };
  forDatabase('PGlite', results.speed.pglite, 'server speed on PGlite');
  forDatabase('PostgreSQL', results.speed.postgres, 'server speed on PostgreSQL');
  return rows;
}

function tableRows(results: Results): Row[] {
  const rows: Row[] = [];
  const missing = (sectionName: string, errorKey: string) =>
    rows.push({ section: sectionName, measure: 'not measured', figure: errors[errorKey] ?? 'see errors' });

  // a. Local query
  const q = results.query;
  const A = 'a. Local query';
  if (q) {
    rows.push(
      {
        section: A,
        measure: `mirror open (first query after load, ${q.posts} posts)`,
        figure: `median ${ms(q.mirrorOpen.median)}, max ${ms(q.mirrorOpen.max)}`,
        budget: `≤ ${BUDGETS.mirrorOpenMs} ms`,
        pass: q.mirrorOpen.median <= BUDGETS.mirrorOpenMs,
      },
      {
        section: A,
        measure: 'mirror open with a filter in the address',
        figure: `median ${ms(q.filteredOpen.median)}, max ${ms(q.filteredOpen.max)}`,
        budget: `≤ ${BUDGETS.mirrorOpenMs} ms`,
        pass: q.filteredOpen.median <= BUDGETS.mirrorOpenMs,
      },
      {
        section: A,
        measure: `filter+sort+first page (${q.mirrorQueries} queries, ${q.combinations} combinations)`,
        figure: `median ${ms(q.firstPage.median)}, p95 ${ms(q.firstPage.p95)}`,
        budget: `p95 ≤ ${BUDGETS.queryP95Ms} ms`,
        pass: q.firstPage.p95 <= BUDGETS.queryP95Ms,
      },
      ...(q.placeFirstPage
        ? [
            {
              section: A,
              measure: `… of which with a place filter (${q.placeFirstPage.samples} queries, ${q.placeCombinations} combinations)`,
              figure: `median ${ms(q.placeFirstPage.median)}, p95 ${ms(q.placeFirstPage.p95)}`,
              budget: `p95 ≤ ${BUDGETS.queryP95Ms} ms`,
              pass: q.placeFirstPage.p95 <= BUDGETS.queryP95Ms,
            },
          ]
        : []),
      {
        section: A,
        measure: 'next page',
        figure: `median ${ms(q.nextPage.median)}, p95 ${ms(q.nextPage.p95)}`,
        budget: `p95 ≤ ${BUDGETS.queryP95Ms} ms`,
        pass: q.nextPage.p95 <= BUDGETS.queryP95Ms,
      },
      {
        section: A,
        measure: 'old way: visit (download list, filter, first page)',
        figure: `median ${ms(q.oldVisit.median)} (download ${ms(q.oldVisit.downloadMedianMs)}); ${q.openRatio}× the mirror open`,
      },
      {
        section: A,
        measure: 'old way: filter in memory, first page',
        figure: `median ${ms(q.oldFirstPage.median)}, p95 ${ms(q.oldFirstPage.p95)}; ${q.queryRatio}× the mirror query`,
      },
      {
        section: A,
        measure: 'first sync into the mirror (since=0)',
        figure: `fetch ${ms(q.firstSync.fetchMs)}, write ${ms(q.firstSync.applyMs)}`,
      },
    );
  } else missing(A, 'local query (chromium)');

  // b. Sync bytes
  const s = results.syncBytes;
  const B = 'b. Sync bytes';
  if (s) {
    rows.push(
      {
        section: B,
        measure: `full first sync (${s.fullSync.rows} posts in ${s.fullSync.pages} pages)`,
        figure: `${kib(s.fullSync.wireBytes)} ${s.fullSync.encoding} (${kib(s.fullSync.rawBytes)} uncompressed)`,
      },
      {
        section: B,
        measure: `delta after ${DELTA_CHANGES} changes (${s.delta.rows} rows, ${s.delta.deleted} deleted)`,
        figure: `${kib(s.delta.wireBytes)} ${s.delta.encoding} = ${percent(s.deltaRatio)} of the full sync`,
        budget: `≤ ${percent(BUDGETS.deltaShare, 0)}`,
        pass: s.deltaRatio <= BUDGETS.deltaShare,
      },
      {
        section: B,
        measure: 'old way: full list on every visit, uncompressed',
        figure: `${kib(s.oldWay.rawBytes)} (${s.fullSyncVsOldWay}× the compressed full sync; ${kib(s.oldWay.gzipWireBytes)} ${s.oldWay.encoding})`,
      },
    );
  } else missing(B, 'sync bytes');
  const t = results.thumbnails;
  if (t) {
    rows.push({
      section: B,
      measure: `card photos (${t.count} distinct thumbnails)`,
      figure: `median ${(t.medianBytes / 1000).toFixed(1)} KB, max ${(t.maxBytes / 1000).toFixed(1)} KB`,
      budget: `each ≤ ${BUDGETS.thumbnailBytes / 1000} KB`,
      pass: t.overBudget === 0,
      ...(t.overBudget ? { note: `${t.overBudget} over` } : {}),
    });
  } else missing(B, 'card photos');

  // c. API
  const C = `c. API (${CONNECTIONS} conn., ${DURATION_S} s)`;
  const apiRows = (database: string, loads: LoadResult[] | { skipped: string } | undefined, errorKey: string) => {
    if (!loads) return missing(C, errorKey);
    if (!Array.isArray(loads)) {
      rows.push({ section: C, measure: `${database}`, figure: `skipped: ${loads.skipped}` });
      return;
    }
    for (const load of loads) {
      const bad = load.non2xx + load.errors;
      rows.push({
        section: C,
        measure: `${database}: ${load.name}`,
        figure: `${load.requestsPerSecond} req/s, p99 ${ms(load.latencyP99Ms)}`,
        ...(bad ? { note: `${load.non2xx} non-2xx, ${load.errors} errors` } : {}),
      });
    }
  };
  apiRows('PGlite', results.api.pglite, 'API load on PGlite');
  apiRows('PostgreSQL', results.api.postgres, 'API load on PostgreSQL');
  rows.push(...speedRows(results));

  // d. Bundle
  const D = 'd. First load (gzip)';
  if (results.bundle) {
    for (const bundle of results.bundle) {
      const budget = jsBudgetFor(bundle.path);
      const inBrowser = results.bundleInBrowser?.find((load) => load.route === bundle.path);
      const browserPass = budget === undefined || !inBrowser ? undefined : inBrowser.jsWireBytes <= budget;
      rows.push({
        section: D,
        measure: bundle.path,
        figure:
          `JS ${kib(bundle.js.gzip)}, CSS ${kib(bundle.css.gzip)}` +
          (inBrowser ? `; in chromium JS ${kib(inBrowser.jsWireBytes)}, CSS ${kib(inBrowser.cssWireBytes)}` : ''),
        ...(budget !== undefined
          ? { budget: `JS ≤ ${kib(budget, 0)}`, pass: bundle.js.gzip <= budget && browserPass !== false }
          : {}),
        ...(browserPass === false && budget !== undefined && bundle.js.gzip <= budget
          ? { note: 'build passes, chromium loads more' }
          : {}),
      });
    }
  } else missing(D, 'bundle (manifest)');

  // e. Lighthouse
  const E = `e. Lighthouse (mobile, median of ${LIGHTHOUSE_RUNS})`;
  if (results.lighthouse) {
    for (const page of results.lighthouse.pages) {
      const name = page.locale ? `${page.path} (${page.locale})` : page.path;
      if (page.runs.length === 0) {
        rows.push({ section: E, measure: name, figure: `not measured: ${page.failures?.join('; ') ?? ''}` });
        continue;
      }
      const elsewhere = page.runs.find((run) => run.finalUrl !== page.path)?.finalUrl;
      rows.push(
        {
          section: E,
          measure: `${name} performance`,
          figure: `${page.score} (LCP ${ms(page.lcpMs)}, TBT ${ms(page.tbtMs)}; benchmarkIndex ${page.benchmarkIndex})`,
          budget: `≥ ${BUDGETS.lighthouseScore}`,
          pass: page.score >= BUDGETS.lighthouseScore,
          ...(elsewhere ? { note: `landed on ${elsewhere}` } : {}),
        },
        {
          section: E,
          measure: `${name} CLS`,
          figure: page.cls.toFixed(3),
          budget: `≤ ${BUDGETS.cls}`,
          pass: page.cls <= BUDGETS.cls,
        },
      );
    }
  } else missing(E, 'Lighthouse');
  rows.push(...dataCostRows(results));
  return rows;
}

try {
  await main();
} catch (error) {
  console.error('The benchmark could not run:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
// Playwright and autocannon may leave handles open; every process this run started is stopped by now.
process.exit();
