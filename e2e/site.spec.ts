import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { demoUsers, signInAs, signInInLocale } from './support/sign-in';
import { BASE_URL } from './support/stack';
import { createAccount } from './support/verified-account';

/** One page of each route (a service page stands for all eight: one template, one route). */
const PUBLIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/services/rent',
  '/services/plumber',
  '/auth/login',
  '/auth/register',
  '/auth/reset-password',
  '/auth/phone',
  '/no/such/page',
];

const MAIN_PAGES = [
  '/main/about-us',
  '/main/rent',
  '/main/add-rent',
  '/main/offer-service',
  // One category: the same page as all of them, with a tenth of the cards for axe to go through.
  '/main/find-service/plumber',
  '/main/edit-profile',
];

/**
 * Axe finds no serious or critical problem on the page, judged settled: no animation running (reduced motion, so
 * cards do not fade in), the network quiet.
 */
async function expectNoSeriousViolations(page: Page, path: string, locale: 'en' | 'bn') {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  // Only the violations are gathered: passes and incomplete checks cost as much again on a long page.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `accessibility problems on the ${locale} ${path}`).toEqual([]);
}

test('a visitor looks around: the header, the landing page, the service pages, and unknown paths', async ({ page }) => {
  await test.step('the header takes its scrolled look after 10 px and drops it at the top', async () => {
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 8));
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).toHaveClass(/site-header--scrolled/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });
  await test.step('the header is black over the landing page and white elsewhere', async () => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toHaveAttribute('data-theme', 'black');
    await page.goto('/terms');
    await expect(page.getByRole('banner')).toHaveAttribute('data-theme', 'white');
  });
  await test.step('the phone menu locks page scrolling until it closes', async () => {
    await page.goto('/privacy');
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(await overflow()).not.toBe('hidden');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plumber' })).toBeVisible();
    expect(await overflow()).toBe('hidden');
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await overflow()).not.toBe('hidden');
  });
  await test.step('the landing page leads from the hero, every tile and every banner where the spec says', async () => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Post Rent Ad' })).toHaveAttribute('href', '/main/add-rent');
    await expect(page.getByRole('link', { name: 'Offer Service' })).toHaveAttribute('href', '/main/offer-service');
    const tiles: [string, string][] = [
      ['Home / Room Rent', '/main/rent'],
      ['Home Maid', '/main/find-service/maid'],
      ['Home Shifter', '/main/find-service/home-shifter'],
      ['Plumber', '/main/find-service/plumber'],
      ['Home Tutor', '/main/find-service/tutor'],
      ['Electrician', '/main/find-service/electrician'],
      ['IT Provider', '/main/find-service/it-provider'],
      ['Painter', '/main/find-service/painter'],
    ];
    const grid = page.locator('.service-tiles');
    await expect(page.getByRole('heading', { name: 'Find what you need in person.' })).toBeVisible();
    for (const [label, href] of tiles) {
      await expect(grid.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('heading', { name: 'Explore Our Property Collection' })).toBeVisible();
    for (const title of [
      'Discover Your Dream Property',
      'Luxury Homes, Smart Investments',
      'Premium Properties, Prime Locations',
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', '/main/rent');
    }
    // A visitor following a tile sees the providers without signing in (issue 40).
    await grid.getByRole('link', { name: /^Plumber/ }).click();
    await page.waitForURL('**/main/find-service/plumber');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
  await test.step('three gallery boxes shrink to half and fade out between 50 px and 150 px from the top', async () => {
    await page.goto('/');
    for (const n of [1, 2, 3]) await expect(page.getByAltText(`Gallery item ${n}`)).toHaveCount(1);
    const box = page.getByTestId('gallery-box-1');
    await box.scrollIntoViewIfNeeded();
    // Put the box's top 50 px below the viewport top: the effect has not started.
    const placeTop = async (topPx: number) => {
      await box.evaluate((element, top) => {
        const rect = element.getBoundingClientRect();
        window.scrollBy(0, rect.top - top);
      }, topPx);
      await page.waitForTimeout(300);
    };
    const look = () =>
      box.evaluate((element) => {
        const style = getComputedStyle(element);
        return { opacity: Number(style.opacity), scale: new DOMMatrix(style.transform).a };
      });
    await placeTop(60);
    let seen = await look();
    expect(seen.opacity).toBeGreaterThan(0.9);
    expect(seen.scale).toBeGreaterThan(0.95);
    // Scroll until the bottom reaches 150 px from the top: half scale, invisible. The effect is the page's own
    // (src/ui/motion/scroll-progress.ts), there on a phone's first visit too, where framer-motion is not downloaded.
    const height = await box.evaluate((element) => element.getBoundingClientRect().height);
    await expect(async () => {
      await placeTop(60);
      await placeTop(150 - height);
      seen = await look();
      expect(seen.opacity).toBeLessThan(0.05);
      expect(seen.scale).toBeCloseTo(0.5, 1);
    }).toPass({ timeout: 15_000 });
  });
  await test.step('service pages show live price ranges in taka and lead into the matching page', async () => {
    await page.goto('/services/rent');
    await expect(page.getByRole('heading', { name: 'Homes and spaces for rent' })).toBeVisible();
    await expect(page.getByText(/What it costs on Basha now/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse rentals' })).toHaveAttribute('href', '/main/rent');
    await page.goto('/services/home-moving');
    await expect(page.getByRole('link', { name: 'Find home movers' })).toHaveAttribute(
      'href',
      '/main/find-service/home-shifter',
    );
    await page.goto('/services/no-such-service');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
  await test.step('a /main page for members asks a visitor to sign in; the listings do not', async () => {
    await page.goto('/main/rent');
    await expect(page.getByRole('heading', { name: 'Homes for rent' })).toBeVisible();
    await page.goto('/main/saved');
    await page.waitForURL('**/auth/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
  await test.step('unknown pages and listings answer 404, in the page a person sees', async () => {
    // The server's answers (a link preview's fetcher or a crawler sees them), then the pages a person sees, which
    // the service worker now answers from its shell.
    expect((await page.request.get('/no/such/page')).status()).toBe(404);
    const missingAd = `/rent/${randomUUID()}`;
    expect((await page.request.get(missingAd)).status()).toBe(404);
    await page.goto(missingAd);
    await expect(page.getByRole('heading', { name: 'This listing is not available' })).toBeVisible();
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('the feedback form checks every field, sends, says Submitting... and clears after a second', async ({ page }) => {
  await page.goto('/');
  // The form loads as the visitor scrolls towards it.
  const form = page.locator('.feedback-form');
  await expect(async () => {
    await page.mouse.wheel(0, 800);
    await expect(form).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await form.scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'Your opinion is important to us' })).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveAttribute('rows', '6');

  await form.getByRole('button', { name: 'Submit Feedback' }).click();
  for (const message of [
    'Name is required',
    'Email is required',
    'Contact number is required',
    'Subject is required',
    'Message is required',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  // After the first submit, each change is checked at once.
  await form.getByLabel('Email').fill('rahim@example');
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Email').fill('rahim@example.com');
  await expect(form.getByText('Please enter a valid email address')).toBeHidden();
  await form.getByLabel('Contact').fill('call me maybe');
  await expect(form.getByText('Please enter a valid phone number')).toBeVisible();
  await form.getByLabel('Message').fill('Too short');
  await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();

  await form.getByLabel('Name').fill('Rahim Uddin');
  await form.getByLabel('Contact').fill('+880 1712-345678');
  await form.getByLabel('Subject').fill('Loving it');
  await form.getByLabel('Message').fill('Found a plumber in Mirpur within an hour. Thank you!');
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/v1/feedback'));
  await form.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(form.getByLabel('Name')).toBeDisabled();
  expect((await sent).status()).toBe(201);
  await expect(form.getByLabel('Name')).toHaveValue('', { timeout: 3000 });
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Submit Feedback' })).toBeEnabled();
});

test('the strict content security policy blocks nothing Basha does, signed out and signed in; the menu links every category', async ({
  page,
  browser,
}) => {
  await watchCsp(page.context());
  const violations: string[] = [];
  const collect = async () => {
    violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)));
  };
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.mouse.wheel(0, 3000);
  await page.waitForTimeout(500);
  await collect();
  await page.goto('/auth/register');
  await page.getByLabel('Profile Image').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(page.getByAltText('Selected profile photo')).toBeVisible();
  await collect();
  // Signing in (the Firebase calls through Basha's origin) and the pages of someone signed in, on a phone of its own.
  const signedIn = await browser.newContext();
  await watchCsp(signedIn);
  const member = await signedIn.newPage();
  const memberViolations = () =>
    member.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  const selfId = await signInAs(member, demoUsers[2]!);
  violations.push(...(await memberViolations()));
  await member.getByRole('button', { name: 'Open menu' }).click();
  const nav = member.getByRole('navigation', { name: 'Main' });
  const expected: [string, string][] = [
    ['Rent', '/main/rent'],
    ['Maid', '/main/find-service/maid'],
    ['Home Shifter', '/main/find-service/home-shifter'],
    ['Plumber', '/main/find-service/plumber'],
    ['Tutor', '/main/find-service/tutor'],
    ['Electrician', '/main/find-service/electrician'],
    ['IT Provider', '/main/find-service/it-provider'],
    ['Painter', '/main/find-service/painter'],
    ['Profile', `/main/profile/${selfId}`],
  ];
  for (const [name, href] of expected) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  for (const path of ['/main/rent', '/main/find-service/all', '/main/add-rent']) {
    await member.goto(path);
    await member.waitForLoadState('networkidle');
    violations.push(...(await memberViolations()));
  }
  await signedIn.close();
  expect(violations).toEqual([]);
});

/** Every page of Basha, public and signed in, for the accessibility sweep. */
async function everyPage(token: string, selfId: string): Promise<string[]> {
  const get = async <T>(path: string) =>
    (
      (await (await fetch(`${BASE_URL}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        data: T;
      }
    ).data;
  const posts = await get<{ _id: string; details: string }[]>('rent/rent-posts');
  // A demo ad written in Bangla, so that its page reads in Bangla on a Bangla phone.
  const post = posts.find((candidate) => /[\u0980-\u09ff]/.test(candidate.details)) ?? posts[0]!;
  const services = await get<{ provider: { _id: string } }[]>('profession/find-services/all');
  return [
    ...PUBLIC_PAGES,
    ...MAIN_PAGES,
    `/main/profile/${selfId}`,
    `/main/prof-profile/${services[0]!.provider._id}`,
    `/main/view-rent/${post._id}`,
    // The public pages a shared link opens, drawn by the server.
    `/pros/${services[0]!.provider._id}`,
    `/rent/${post._id}`,
  ];
}

test('every page, in English or in Bangla, has no serious or critical accessibility problem', async ({ browser }) => {
  test.setTimeout(300_000);
  // Two phones side by side, one in each language: axe runs on a page's main thread, so one sweep keeps one core busy
  // and the server is idle meanwhile. Each page is checked once, in one language, the pages alternating between the
  // two: a page's roles, names and colours are the same in both languages (both catalogs name every message), and
  // axe's own time (about 5 s a page on this machine, most of the sweep) is spent once per page.
  await Promise.all(
    (['en', 'bn'] as const).map(async (locale, lane) => {
      // A fresh person on each phone: signing in on a Bangla phone saves Bangla on the account, which must not reach
      // the shared demo people.
      const person = await createAccount(
        `axe-${locale}`,
        { occupation: 'Teacher', gender: 'Female' },
        { verified: true },
      );
      const phone = await signedInPhone(browser, person, locale);
      const pages = (await everyPage(person.session, person.id)).filter((_, i) => i % 2 === lane);
      for (const path of pages) await expectNoSeriousViolations(phone, path, locale);
      await phone.context().close();
    }),
  );
});

/** A new phone in `locale`, signed in through the login page as `person`. */
async function signedInPhone(browser: Browser, person: { email: string; password: string }, locale: 'en' | 'bn') {
  const context = await browser.newContext({ locale: locale === 'bn' ? 'bn-BD' : 'en-US' });
  const page = await context.newPage();
  await signInInLocale(page, person, locale);
  return page;
}

/** Collects the page's content-security-policy violations into `window.cspViolations`, on every page of `context`. */
function watchCsp(context: BrowserContext) {
  return context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}
