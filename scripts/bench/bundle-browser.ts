import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';

/**
 * Section d's cross-check: each route loaded in chromium with the cache off and no service worker (its
 * precache would download every chunk), summing the JavaScript and CSS that came over the wire (gzip as the
 * server sent it) until the network was quiet. Unlike the manifest figure, this sees chunks the page imports
 * at run time (Firebase for a signed-in page, for example). Public pages load signed out, /main pages signed in.
 */

const QUIET_MS = 2000;
const SETTLE_MAX_MS = 20_000;

export interface BrowserRouteLoad {
  route: string;
  url: string;
  jsFiles: number;
  jsWireBytes: number;
  cssFiles: number;
  cssWireBytes: number;
  /** Where the page ended up (a guard may redirect). */
  landedOn: string;
  /** Set when the page did not settle (the figures are what had loaded by then). */
  error?: string;
}

/** Signs in through the login page, as a person would; waits until the app is home again. */
export async function signInThroughPage(page: Page, baseUrl: string, index = 0): Promise<void> {
  const user = DEMO_USERS[index];
  if (!user) throw new Error(`no demo user ${index}`);
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await page
    .getByText('Login successful')
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
}

export async function loadRoutesInBrowser(
  baseUrl: string,
  routes: readonly { route: string; path: string; signedIn: boolean }[],
): Promise<BrowserRouteLoad[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const contextOptions = { serviceWorkers: 'block' as const, viewport: { width: 412, height: 823 } };
    const signedOut = await browser.newContext(contextOptions);
    const signedIn = await browser.newContext(contextOptions);
    const loginPage = await signedIn.newPage();
    await signInThroughPage(loginPage, baseUrl);
    await loginPage.close();

    const loads: BrowserRouteLoad[] = [];
    for (const route of routes) {
      loads.push(await loadOnce(route.signedIn ? signedIn : signedOut, baseUrl, route.route, route.path));
    }
    return loads;
  } finally {
    await browser.close();
  }
}

async function loadOnce(
  context: BrowserContext,
  baseUrl: string,
  route: string,
  path: string,
): Promise<BrowserRouteLoad> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // Body bytes as sent: all bytes received for the request less its response headers.
    const responses = new Map<string, { type: string; headerBytes: number }>();
    const sizes = { Script: { files: 0, bytes: 0 }, Stylesheet: { files: 0, bytes: 0 } };
    let inFlight = 0;
    let lastActivity = performance.now();
    cdp.on('Network.requestWillBeSent', () => {
      inFlight += 1;
      lastActivity = performance.now();
    });
    cdp.on('Network.loadingFailed', () => {
      inFlight -= 1;
      lastActivity = performance.now();
    });
    cdp.on('Network.responseReceived', (event) =>
      responses.set(event.requestId, { type: event.type, headerBytes: event.response.encodedDataLength }),
    );
    cdp.on('Network.loadingFinished', (event) => {
      inFlight -= 1;
      lastActivity = performance.now();
      const response = responses.get(event.requestId);
      if (response?.type === 'Script' || response?.type === 'Stylesheet') {
        sizes[response.type].files += 1;
        sizes[response.type].bytes += Math.max(0, event.encodedDataLength - response.headerBytes);
      }
    });
    let error: string | undefined;
    await page
      .goto(`${baseUrl}${path}`, { waitUntil: 'networkidle', timeout: 30_000 })
      .catch(
        (failure: unknown) => (error = failure instanceof Error ? failure.message.split('\n')[0] : String(failure)),
      );
    // On a busy machine the browser can sit half a second parsing the entry before it asks for the page's
    // chunks, which Playwright's network-idle takes for the end: wait for QUIET_MS without any request.
    const deadline = performance.now() + SETTLE_MAX_MS;
    while (performance.now() < deadline && (inFlight > 0 || performance.now() - lastActivity < QUIET_MS)) {
      await page.waitForTimeout(200);
    }
    return {
      ...(error ? { error } : {}),
      route,
      url: path,
      jsFiles: sizes.Script.files,
      jsWireBytes: sizes.Script.bytes,
      cssFiles: sizes.Stylesheet.files,
      cssWireBytes: sizes.Stylesheet.bytes,
      landedOn: new URL(page.url()).pathname,
    };
  } finally {
    await page.close();
  }
}
