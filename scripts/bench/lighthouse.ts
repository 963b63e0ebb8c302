import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';
import { signInThroughPage } from './bundle-browser';
import { median, round } from './stats';

/**
 * Section e: Lighthouse 12, its default mobile settings (Moto G Power screen, simulated slow 4G and 4x CPU
 * throttling), on Debian's chromium started by chrome-launcher with the end-to-end flags and --headless=new.
 * A person signs in through the login page first, in the same browser profile; Lighthouse's own storage reset
 * clears the service worker, the Cache Storage and the HTTP cache before each run but keeps cookies and
 * IndexedDB (so the session, Firebase's sign-in and the rent mirror), as for a signed-in person on a cold load.
 */

export const LIGHTHOUSE_RUNS = 3;

/** A page Lighthouse measures, in the language a visitor picked (`bn`: the basha-locale cookie is set). */
export interface LighthouseTarget {
  path: string;
  locale?: 'bn';
}

export interface LighthousePage {
  path: string;
  /** Measured in Bangla: the language switch's cookie was set, so the server sent the Bangla shell. */
  locale?: 'bn';
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /**
   * Lighthouse's own measure of the machine's speed during the runs (median): its figures depend on it, since the 4x
   * CPU slowdown is applied to whatever the machine does. Figures from machines far apart are not compared.
   */
  benchmarkIndex: number;
  runs: { score: number; lcpMs: number; tbtMs: number; cls: number; finalUrl: string }[];
  /** Runs that failed and were tried again. */
  failures?: string[];
  /** From the last run: the LCP element and the elements that shifted most, as HTML snippets. */
  hints?: { lcpElement: string; layoutShifts: string[] };
}

/** The first `limit` HTML snippets of the nodes an audit's details name. */
function snippetsIn(details: unknown, limit: number): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (found.length >= limit || value === null || typeof value !== 'object') return;
    if ('snippet' in value && typeof value.snippet === 'string') {
      found.push(value.snippet.slice(0, 200));
      return;
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(details);
  return found;
}

/** Debian's chromium as Lighthouse drives it: the end-to-end flags and --headless=new. */
export function launchLighthouseChromium() {
  return launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'], logLevel: 'silent' });
}

/**
 * Signs in through the login page in the browser on `port` and visits `paths` once, so that the runs find the
 * session and the mirrors filled, then lets go of the browser before Lighthouse drives it.
 */
export async function warmUpSignedIn(port: number, baseUrl: string, paths: readonly string[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('chromium has no default context');
    const page = await context.newPage();
    await signInThroughPage(page, baseUrl);
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle', timeout: 60_000 }).catch(() => undefined);
    }
    // A public page (/rent/{id}, /pros/{userId}) runs no app, and the mirror syncs only where the app runs.
    if (!new URL(page.url()).pathname.startsWith('/main/')) {
      await page.goto(`${baseUrl}/main/rent`, { waitUntil: 'networkidle', timeout: 60_000 }).catch(() => undefined);
    }
    // The first sync of 10,000 posts takes seconds after the network is quiet (writing them, building the filter
    // index): the runs are to find the mirror filled, as for someone who has used the app before.
    await waitUntilRentMirrorSynced(page);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Sets or clears the language switch's cookie (basha-locale) in the browser on `port`: Lighthouse's storage reset
 * keeps cookies, so the runs that follow load the pages in that language, as a visitor who picked it.
 */
export async function pickLanguage(port: number, baseUrl: string, locale: 'bn' | undefined): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('chromium has no default context');
    if (locale) await context.addCookies([{ name: 'basha-locale', value: locale, url: baseUrl }]);
    else await context.clearCookies({ name: 'basha-locale' });
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run of `url` (mobile defaults, performance only) in the browser on `port`. */
export async function lighthouseRun(port: number, url: string) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
  // A page that sent the browser elsewhere (a lost session: to sign in) was not the page asked for.
  const ended = new URL(result.lhr.finalDisplayedUrl).pathname;
  if (ended !== new URL(url).pathname) throw new Error(`Lighthouse asked for ${url} and ended on ${ended}`);
  return result.lhr;
}

/**
 * With BENCH_LIGHTHOUSE_REPORTS=<dir>, every run's whole report is written there as JSON, to see where a score went
 * (open one in the Lighthouse viewer, or read its audits: main-thread work, long tasks, the requests' chain).
 */
export function keepReport(lhr: Awaited<ReturnType<typeof lighthouseRun>>, label: string, run: number): void {
  const dir = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}-${run}.json`;
  writeFileSync(path.join(dir, name), JSON.stringify(lhr));
}

/** A run's score and the metrics the budgets name, rounded as the report shows them. */
export function runFigures(lhr: Awaited<ReturnType<typeof lighthouseRun>>) {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: round(audit('cumulative-layout-shift'), 3),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * Lighthouse over `targets`, in their order. Bangla targets belong last: a signed-in page loaded in Bangla saves
 * Bangla on the account (the phone's pick is newer), and English pages after it would then follow the account.
 */
export async function runLighthouse(
  baseUrl: string,
  targets: readonly LighthouseTarget[],
  onProgress: (line: string) => void = () => undefined,
): Promise<{ pages: LighthousePage[]; lighthouseVersion: string }> {
  const chrome = await launchLighthouseChromium();
  let version = '';
  try {
    await warmUpSignedIn(chrome.port, baseUrl, [...new Set(targets.map((target) => target.path))]);
    const once = async (path: string) => {
      const lhr = await lighthouseRun(chrome.port, `${baseUrl}${path}`);
      version = lhr.lighthouseVersion;
      return lhr;
    };

    const pages: LighthousePage[] = [];
    let picked: 'bn' | undefined;
    for (const { path, locale } of targets) {
      if (locale !== picked) await pickLanguage(chrome.port, baseUrl, locale);
      picked = locale;
      const label = locale ? `${path} (${locale})` : path;
      const runs: LighthousePage['runs'] = [];
      const fcp: number[] = [];
      const benchmarkIndex: number[] = [];
      const failures: string[] = [];
      let hints: LighthousePage['hints'];
      // A run that fails (Lighthouse sometimes loses the trace: NO_NAVSTART) is tried again, twice at most.
      for (let attempt = 0; runs.length < LIGHTHOUSE_RUNS && attempt < LIGHTHOUSE_RUNS + 2; attempt += 1) {
        onProgress(`  ${label} run ${runs.length + 1}/${LIGHTHOUSE_RUNS} ...`);
        let lhr: Awaited<ReturnType<typeof once>>;
        try {
          lhr = await once(path);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
          onProgress(`  ${label}: ${failures[failures.length - 1]}`);
          continue;
        }
        keepReport(lhr, label, runs.length + 1);
        const { fcpMs, benchmarkIndex: machineSpeed, ...figures } = runFigures(lhr);
        runs.push({ ...figures, finalUrl: new URL(lhr.finalDisplayedUrl).pathname });
        fcp.push(fcpMs);
        benchmarkIndex.push(machineSpeed);
        hints = {
          lcpElement: snippetsIn(lhr.audits['largest-contentful-paint-element']?.details, 1)[0] ?? '',
          layoutShifts: snippetsIn(lhr.audits['layout-shifts']?.details, 3),
        };
      }
      if (runs.length === 0) {
        pages.push({
          path,
          ...(locale ? { locale } : {}),
          score: Number.NaN,
          lcpMs: Number.NaN,
          tbtMs: Number.NaN,
          cls: Number.NaN,
          fcpMs: Number.NaN,
          benchmarkIndex: Number.NaN,
          runs,
          failures,
        });
        continue;
      }
      pages.push({
        path,
        ...(locale ? { locale } : {}),
        ...(failures.length ? { failures } : {}),
        ...(hints ? { hints } : {}),
        score: median(runs.map((run) => run.score)),
        lcpMs: median(runs.map((run) => run.lcpMs)),
        tbtMs: median(runs.map((run) => run.tbtMs)),
        cls: median(runs.map((run) => run.cls)),
        fcpMs: Math.round(median(fcp)),
        benchmarkIndex: Math.round(median(benchmarkIndex)),
        runs,
      });
    }
    return { pages, lighthouseVersion: version };
  } finally {
    chrome.kill();
  }
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
