import { randomUUID } from 'node:crypto';
import { devices, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { waitForSignedInWorker } from '../support/service-worker';
import { BASE_URL } from '../support/stack';
import { createAccount } from '../support/verified-account';

/**
 * Screenshots of every page in Bangla, drawn with the product's face, at 390 px and 1280 px (issue 18: "no clipped or
 * overflowing text"), for a person to look at; with each, the text that overflows its box or the screen is listed
 * and must be none. Slow and only for looking: it runs in the `screens` project (SCREENS=1) and writes into
 * test-results/ (never committed): `SCREENS=1 npx playwright test --project=screens e2e/screens/bangla.spec.ts`.
 */
test.use({ locale: 'bn-BD' });

/** Elements whose text is cut off by their own box, and any box reaching past the right edge of the screen. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`;
    const width = document.documentElement.clientWidth;
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      // Words for screen readers only, and one-line texts cut with an ellipsis on purpose (a card's address).
      if (el.closest('.visually-hidden') || style.textOverflow === 'ellipsis') continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const text = [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (!text) continue;
      const clipsX = ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX);
      const clipsY = ['hidden', 'clip'].includes(style.overflowY);
      if (
        (clipsX && el.scrollWidth > el.clientWidth + 1) ||
        (clipsY && el.scrollHeight > el.clientHeight + 1 && style.webkitLineClamp === 'none')
      )
        found.push(`${name(el)} cut: "${el.textContent?.trim().slice(0, 40)}"`);
      else if (rect.right > width + 1 && style.position !== 'fixed')
        found.push(
          `${name(el)} past the edge (${Math.round(rect.right)} > ${width}): "${el.textContent?.trim().slice(0, 40)}"`,
        );
    }
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`page scrolls sideways (${document.documentElement.scrollWidth})`);
    return found;
  });
}

async function shoot(page: Page, name: string, path: string | undefined, problems: string[]) {
  const width = page.viewportSize()?.width ?? 0;
  if (path !== undefined) await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(600);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  for (const problem of await overflowing(page)) problems.push(`${name} @${width}: ${problem}`);
}

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.context().addCookies([{ name: 'basha-locale', value: 'bn', url: BASE_URL }]);
  await page.goto('/auth/login');
  await page.locator('input[type="email"]').fill(user.email);
  await page.locator('input[type="password"]').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/');
}

for (const device of [
  { name: 'a phone, 390 px', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } },
  { name: 'a computer, 1280 px', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
]) {
  test.describe(device.name, () => {
    // The project's browser stays (a browser type cannot change inside a file).
    const { defaultBrowserType: _browser, ...use } = device.use;
    test.use({ ...use, locale: 'bn-BD' });
    test('every page in Bangla', async ({ page, context }) => tour(page, context));
  });
}

async function tour(page: Page, context: BrowserContext) {
  test.setTimeout(600_000);
  const problems: string[] = [];
  await context.addCookies([{ name: 'basha-locale', value: 'bn', url: BASE_URL }]);
  for (const [name, path] of [
    ['landing', '/'],
    ['sign-in', '/auth/login'],
    ['register', '/auth/register'],
    ['reset-password', '/auth/reset-password'],
    ['about', '/about'],
    ['contact', '/contact'],
    ['service-page', '/services/plumber'],
    ['terms', '/terms'],
    ['privacy', '/privacy'],
    ['not-found', '/no-such-page'],
  ] as const)
    await shoot(page, name, path, problems);

  // The code page, for a person not verified yet.
  const unverified = await createAccount(
    'bangla-screens-new',
    { occupation: 'শিক্ষক', gender: 'Female' },
    { verified: false },
  );
  await signIn(page, unverified);
  await shoot(page, 'verify', `/auth/otp-validate/${unverified.id}`, problems);
  await page.getByRole('button').filter({ hasText: /কোড/ }).first().click();
  await page.waitForTimeout(1500);
  await shoot(page, 'verify-sent', undefined, problems);
  await context.clearCookies();

  const person = await createAccount('bangla-screens', { occupation: 'শিক্ষক', gender: 'Female' }, { verified: true });
  const serviceCreated = await fetch(`${BASE_URL}/api/v1/profession/create-profile/${person.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${person.session}` },
    body: JSON.stringify({
      category: 'Home Shifter',
      contactNumber: '01712345678',
      addressLine: 'বাড়ি ৭, রোড ২, লালমাটিয়া, ঢাকা',
      servicePlaceIds: ['ar-dhanmondi', 'ar-mohammadpur', 'ar-lalmatia'],
      description: `কাভার্ড ভ্যানে পুরো বাসা বদল: প্যাকিং কার্টন, বাবল র‍্যাপ আর চারজন যত্নশীল হেল্পার। ${randomUUID().slice(0, 4)}`,
      minimumPrice: 5000,
      maximumPrice: 25000,
      availableDays: ['Friday', 'Saturday'],
      availableTime: 'always',
    }),
  });
  expect(serviceCreated.status).toBe(201);
  const serviceId = ((await serviceCreated.json()) as { data: { _id: string } }).data._id;
  await signIn(page, person);
  const posts = (await (
    await fetch(`${BASE_URL}/api/v1/rent/rent-posts`, { headers: { authorization: `Bearer ${person.session}` } })
  ).json()) as { data: { _id: string; details: string }[] };
  const banglaPost = posts.data.find((post) => /[\u0980-\u09ff]/.test(post.details))!;
  const englishPost = posts.data.find((post) => !/[\u0980-\u09ff]/.test(post.details))!;
  const services = (await (
    await fetch(`${BASE_URL}/api/v1/profession/find-services/all`, {
      headers: { authorization: `Bearer ${person.session}` },
    })
  ).json()) as { data: { description: string; provider: { _id: string } }[] };
  const banglaProvider = services.data.find((service) => /[\u0980-\u09ff]/.test(service.description))!.provider._id;

  for (const [name, path] of [
    ['home-signed-in', '/'],
    ['rent-list', '/main/rent'],
    ['rent-detail-bangla', `/main/view-rent/${banglaPost._id}`],
    ['rent-detail-english', `/main/view-rent/${englishPost._id}`],
    ['add-rent', '/main/add-rent'],
    ['find-service', '/main/find-service/all'],
    ['service-list', '/main/find-service/home-shifter'],
    ['provider', `/main/prof-profile/${banglaProvider}`],
    ['own-provider', `/main/prof-profile/${person.id}`],
    ['offer-service', '/main/offer-service'],
    ['edit-service', `/main/edit-profession/${serviceId}`],
    ['profile', `/main/profile/${person.id}`],
    ['other-profile', `/main/profile/${banglaProvider}`],
    ['edit-profile', '/main/edit-profile'],
    ['about-us', '/main/about-us'],
    ['not-found-signed-in', '/main/no-such-page'],
  ] as const)
    await shoot(page, name, path, problems);

  // The menu open, and on a phone the filters unfolded.
  const width = page.viewportSize()?.width ?? 0;
  await page.goto('/main/rent');
  await page.locator('.rent-card').first().waitFor();
  const filters = page.getByRole('button', { name: /ফিল্টার/ }).first();
  if (await filters.isVisible()) {
    await filters.click();
    await page.screenshot({ path: test.info().outputPath(`rent-filters-${width}.png`), fullPage: true });
  }
  const menu = page.locator('header button[aria-expanded]').first();
  if (await menu.isVisible()) {
    await menu.click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: test.info().outputPath(`menu-${width}.png`) });
  }

  // Offline: the lists and a detail from the phone, and a page never opened.
  await waitForSignedInWorker(page);
  await page.goto('/main/find-service/all');
  await page.locator('article.service-card').first().waitFor();
  await context.setOffline(true);
  for (const [name, path] of [
    ['offline-rent-list', '/main/rent'],
    ['offline-rent-detail', `/main/view-rent/${banglaPost._id}`],
    ['offline-find-service', '/main/find-service/all'],
    ['offline-never-opened', `/main/view-rent/${posts.data.at(-1)!._id}`],
    ['offline-add-rent', '/main/add-rent'],
  ] as const)
    await shoot(page, name, path, problems);
  await context.setOffline(false);

  console.log(problems.join('\n'));
  expect(problems).toEqual([]);
}
