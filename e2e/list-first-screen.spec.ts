import { devices, expect, test, type Browser, type Cookie, type Locator } from '@playwright/test';
import { demoUsers, signInAs } from './support/sign-in';

/**
 * The lists' prerendered first screen (decision 0017): a signed-in visit to a list gets its heading and lead in the
 * HTML, drawn before any script has run, and the app's own heading takes its place at exactly the same spot.
 */

const CASES = [
  { path: '/main/rent', locale: 'en', screen: 'phone', heading: 'Homes for rent', lead: '.rent-page__lead' },
  {
    path: '/main/find-service/plumber',
    locale: 'bn',
    screen: 'phone',
    heading: 'প্লাম্বার সেবাদাতা',
    lead: '.page__subtitle',
  },
  { path: '/main/find-service/all', locale: 'bn', screen: 'desktop', heading: 'সব সেবাদাতা', lead: '.page__subtitle' },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(element: Locator): Promise<Box> {
  const box = await element.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

function expectSameBox(app: Box, firstScreen: Box) {
  for (const side of ['x', 'y', 'width', 'height'] as const) expect(app[side]).toBeCloseTo(firstScreen[side], 0);
}

const SCREENS = {
  phone: devices['Pixel 7'],
  desktop: { viewport: { width: 1280, height: 900 } },
} as const;

/** A fresh browser with the session's cookies and no service worker (its offline shell has no first screen). */
async function visitWithSession(browser: Browser, cookies: Cookie[], locale: string, screen: keyof typeof SCREENS) {
  const context = await browser.newContext({
    ...SCREENS[screen],
    serviceWorkers: 'block',
    locale: locale === 'bn' ? 'bn-BD' : 'en-US',
  });
  await context.addCookies(cookies);
  return context;
}

let cookies: Cookie[];

test.beforeAll(async ({ browser }) => {
  const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await signInAs(page, demoUsers[0]!);
  cookies = (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('bashaSelf'));
  await page.context().close();
});

for (const { path, locale, screen, heading, lead } of CASES) {
  test(`${path} in ${locale} on a ${screen}: the heading stands before the code runs, where the app draws it`, async ({
    browser,
  }) => {
    const context = await visitWithSession(browser, cookies, locale, screen);
    const page = await context.newPage();
    // The entry script waits until the first screen has been measured.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });

    const firstScreen = page.locator('#first-screen');
    await expect(firstScreen.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const before = {
      heading: await boxOf(firstScreen.locator('h1')),
      lead: await boxOf(firstScreen.locator(lead)),
    };

    release();
    await expect(firstScreen).toHaveCount(0);
    const app = page.locator('#root');
    await expect(app.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expectSameBox(await boxOf(app.locator('h1')), before.heading);
    expectSameBox(await boxOf(app.locator(lead)), before.lead);
    await context.close();
  });
}
