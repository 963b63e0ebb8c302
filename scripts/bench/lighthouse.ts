import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';

/**
 * Lighthouse through its own CLI (`lighthouse <url> --port`), its default mobile settings (Moto G Power screen,
 * simulated slow 4G, 4x CPU slowdown), performance only, on Debian's chromium started by chrome-launcher with the
 * end-to-end flags and --headless=new. The `/main` pages need a session: a demo person signs in through the login
 * page first, in the same browser. Lighthouse's storage reset clears the service worker, the Cache Storage and the
 * HTTP cache before each run but keeps cookies and IndexedDB (the session and the rent mirror): a signed-in person on
 * a cold load.
 */

export const LIGHTHOUSE_PATHS = ['/', '/main/rent', '/main/find-service/all'];
const LIGHTHOUSE_CLI = path.resolve('node_modules/lighthouse/cli/index.js');

export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the machine's speed: its figures move with it, so machines far apart are not compared. */
  benchmarkIndex: number;
}

/** Debian's chromium as Lighthouse drives it. */
export function launchLighthouseChromium() {
  return launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'], logLevel: 'silent' });
}

/** Signs a demo person in, in the browser on `port`, and opens `paths` once so the runs find the mirrors filled. */
export async function signInForLighthouse(port: number, baseUrl: string, paths: readonly string[], locale?: 'bn') {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('chromium has no default context');
    const page = await context.newPage();
    const user = DEMO_USERS[0]!;
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    for (const target of [...paths, '/main/rent']) {
      await page.goto(`${baseUrl}${target}`, { waitUntil: 'networkidle', timeout: 60_000 }).catch(() => undefined);
    }
    await waitUntilRentMirrorSynced(page);
    await page.close();
    // The language switch's cookie: Lighthouse keeps cookies, so the runs load the pages in that language.
    if (locale) await context.addCookies([{ name: 'basha-locale', value: locale, url: baseUrl }]);
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run of `url` in the browser on `port`; BENCH_LIGHTHOUSE_REPORTS=<dir> keeps its report. */
export async function lighthouseRun(port: number, url: string, label = 'run'): Promise<LighthouseFigures> {
  const args = [LIGHTHOUSE_CLI, url, `--port=${port}`, '--only-categories=performance', '--output=json'];
  const json = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [...args, '--output-path=stdout', '--quiet'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`lighthouse exited with ${code}`))));
  });
  const lhr = JSON.parse(json) as Lhr;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  // A page that sent the browser elsewhere (a lost session: to sign in) was not the page asked for.
  const ended = new URL(lhr.finalDisplayedUrl).pathname;
  if (ended !== new URL(url).pathname) throw new Error(`Lighthouse asked for ${url} and ended on ${ended}`);
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    writeFileSync(path.join(reports, `${label}-${Date.now()}.json`.replace(/[^\w.-]+/g, '_')), json);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
  };
}

/** The part of Lighthouse's report (its JSON output) read here. */
interface Lhr {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number } | undefined>;
  environment?: { benchmarkIndex?: number };
}

/**
 * Polls the page until the rent mirror holds a sync cursor. Not `page.waitForFunction`: it does not await an
 * async predicate, and the promise it gets back counts as true at once. The runs then began with an empty
 * mirror, and one of them made the first full sync (seconds of blocking time, a score near 67).
 */
async function waitUntilRentMirrorSynced(page: Page, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(rentMirrorSynced))) {
    if (Date.now() > deadline) throw new Error(`the rent mirror was not synced within ${timeoutMs / 1000} s`);
    await page.waitForTimeout(500);
  }
}

/** In the page: true once the rent mirror holds a sync cursor (its first sync has been stored). */
async function rentMirrorSynced(): Promise<boolean> {
  const db = await new Promise<IDBDatabase | undefined>((resolve, reject) => {
    let absent = false;
    const request = indexedDB.open('basha-rent');
    // Not there yet: leave it for the app to create, at its own version.
    request.onupgradeneeded = () => {
      absent = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () =>
      absent ? resolve(undefined) : reject(request.error ?? new Error('cannot open basha-rent'));
  });
  if (!db) return false;
  try {
    if (!db.objectStoreNames.contains('meta')) return false;
    const record = await new Promise<unknown>((resolve, reject) => {
      const request = db.transaction('meta').objectStore('meta').get('sync');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('cannot read the sync state'));
    });
    return record !== undefined;
  } finally {
    db.close();
  }
}
