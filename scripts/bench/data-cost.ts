import net from 'node:net';
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';

/**
 * Section f (issue 23): what a visit to `/` costs a phone on mobile data, everything that comes over the wire
 * counted: the page's own files, the service worker's script, and what the worker downloads into its caches. A
 * fresh browser profile, signed out, a phone's screen, on an emulated cellular connection. Desktop Linux Chromium
 * has no `navigator.connection.type`, so the app sees what a phone whose browser does not say shows: a handheld
 * device on a connection that may be metered (src/domain/worker-caching.ts).
 *
 * - **First visit:** from the navigation until the worker controls the page, is ready (its precache complete)
 *   and nothing has been asked for `QUIET_MS`.
 * - **Repeat visit:** the same profile, a new tab, `/` again, until quiet: what a returning visitor pays, the
 *   browser's check for a new worker included.
 * - **Save-Data:** a first visit in another fresh profile with the phone's data saver on (the `Save-Data` header
 *   and `navigator.connection.saveData`).
 *
 * **How bytes are counted.** The browser talks to the stack through a small TCP relay here that counts every
 * byte the server sends (HTTP headers and bodies exactly as sent, compressed). That is the wire, whoever asked:
 * the page, the service worker's precache, and the browser itself fetching the worker's script (which neither
 * the page's nor the worker's DevTools network events report). Chromium's own per-request count
 * (`encodedDataLength`, through Playwright's `request.sizes()`, over the page's and the worker's requests) names
 * where the bytes went: the table's breakdown and `top` come from it.
 */

const QUIET_MS = 3000;
const SETTLE_MAX_MS = 45_000;

export interface CountedRequest {
  url: string;
  /** Who asked the network: the page or the service worker. */
  by: 'page' | 'worker';
  bytes: number;
}

export interface VisitBytes {
  /** Every byte the server sent during the visit (the relay's count). */
  wireBytes: number;
  /** What the page's requests received (Chromium's count). */
  pageBytes: number;
  /** What the service worker's own requests received: its precache and what it fetched for the page. */
  workerBytes: number;
  /** The rest of the wire: the browser's fetches of the worker script and connection overhead. */
  otherBytes: number;
  requests: number;
  /** The heaviest requests first. */
  top: CountedRequest[];
}

export interface DataCostResult {
  firstVisit: VisitBytes;
  repeatVisit: VisitBytes;
  saveDataFirstVisit: VisitBytes;
  /** What the service worker's caches hold after the first visit: entries per cache. */
  cachesAfterFirstVisit: Record<string, number>;
  cachesAfterSaveDataVisit: Record<string, number>;
}

/** A TCP relay to `target` that counts the bytes coming back from it. */
async function countingRelay(target: URL): Promise<{ url: string; received(): number; close(): Promise<void> }> {
  let received = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://localhost:${port}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Chromium's count of every finished request of a context, the page's and its service worker's. */
class RequestCounter {
  private counted: CountedRequest[] = [];
  private inFlight = 0;
  private lastActivity = performance.now();
  private pending: Promise<void>[] = [];

  constructor(context: BrowserContext) {
    context.on('request', () => {
      this.inFlight += 1;
      this.lastActivity = performance.now();
    });
    context.on('requestfailed', () => {
      this.inFlight -= 1;
      this.lastActivity = performance.now();
    });
    context.on('requestfinished', (request) => {
      this.inFlight -= 1;
      this.lastActivity = performance.now();
      this.pending.push(this.count(request));
    });
  }

  private async count(request: Request): Promise<void> {
    const response = await request.response().catch(() => null);
    // Answered by the worker: from its cache (nothing on the wire), or by a fetch of its own, counted as its request.
    if (!response || response.fromServiceWorker()) return;
    const sizes = await request.sizes().catch(() => undefined);
    if (!sizes) return;
    const bytes = Math.max(0, sizes.responseHeadersSize) + Math.max(0, sizes.responseBodySize);
    this.counted.push({ url: request.url(), by: request.serviceWorker() ? 'worker' : 'page', bytes });
  }

  /** Waits until nothing has been asked for QUIET_MS (at most SETTLE_MAX_MS). */
  async settle(page: Page): Promise<void> {
    const deadline = performance.now() + SETTLE_MAX_MS;
    while (performance.now() < deadline && (this.inFlight > 0 || performance.now() - this.lastActivity < QUIET_MS)) {
      await page.waitForTimeout(200);
    }
    await Promise.all(this.pending);
  }

  /** The visit's figures: what was counted since the last call, and the relay's count for the same time. */
  take(origin: string, wireBytes: number): VisitBytes {
    const counted = this.counted.map((entry) => ({ ...entry, url: entry.url.replace(origin, '') }));
    this.counted = [];
    this.pending = [];
    const sum = (by: CountedRequest['by']) =>
      counted.filter((entry) => entry.by === by).reduce((total, entry) => total + entry.bytes, 0);
    const pageBytes = sum('page');
    const workerBytes = sum('worker');
    return {
      wireBytes,
      pageBytes,
      workerBytes,
      otherBytes: Math.max(0, wireBytes - pageBytes - workerBytes),
      requests: counted.length,
      top: counted.sort((a, b) => b.bytes - a.bytes).slice(0, 12),
    };
  }
}

async function onCellular(page: Page, context: BrowserContext, saveData: boolean): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
    connectionType: 'cellular4g',
  });
  if (saveData) await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
}

/** Waits until a service worker controls the page and is active (its install, the precache, is complete). */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

async function cacheEntries(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const counts: Record<string, number> = {};
    for (const name of await caches.keys()) {
      counts[name.replace(/-https?:\/\/.*$/, '')] = (await (await caches.open(name)).keys()).length;
    }
    return counts;
  });
}

const CONTEXT_OPTIONS = {
  serviceWorkers: 'allow' as const,
  // A phone's screen (Pixel 7, as the end-to-end tests): its density picks the photos' sizes.
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
};

/**
 * Measures the three visits on the stack at `stackUrl` (its direct address). Each visit's wire figure is the
 * relay's count between its start and the moment it settled.
 */
export async function measureDataCost(stackUrl: string): Promise<DataCostResult> {
  const relay = await countingRelay(new URL(stackUrl));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const visit = async (context: BrowserContext, counter: RequestCounter, saveData: boolean, worker: boolean) => {
      const page = await context.newPage();
      await onCellular(page, context, saveData);
      const before = relay.received();
      await page.goto(`${relay.url}/`, { waitUntil: 'load', timeout: 60_000 });
      if (worker) await waitForWorker(page);
      await counter.settle(page);
      return { page, figures: counter.take(relay.url, relay.received() - before) };
    };

    const context = await browser.newContext(CONTEXT_OPTIONS);
    const counter = new RequestCounter(context);
    const first = await visit(context, counter, false, true);
    const cachesAfterFirstVisit = await cacheEntries(first.page);
    await first.page.close();
    const repeat = await visit(context, counter, false, false);
    await context.close();

    const savingContext = await browser.newContext({ ...CONTEXT_OPTIONS, extraHTTPHeaders: { 'Save-Data': 'on' } });
    const savingCounter = new RequestCounter(savingContext);
    const saving = await visit(savingContext, savingCounter, true, true);
    const cachesAfterSaveDataVisit = await cacheEntries(saving.page);
    await savingContext.close();
    return {
      firstVisit: first.figures,
      repeatVisit: repeat.figures,
      saveDataFirstVisit: saving.figures,
      cachesAfterFirstVisit,
      cachesAfterSaveDataVisit,
    };
  } finally {
    await browser.close();
    await relay.close();
  }
}
