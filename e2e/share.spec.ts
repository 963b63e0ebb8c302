import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from './support/stack';
import { DEMO_MODERATOR, DEMO_PASSWORD } from '../server/seed/demo-data';
import { demoUsers, signInAs } from './support/sign-in';

/**
 * Issue 20: a link shared on Facebook, Messenger or WhatsApp opens a public page for anyone signed out, with the
 * preview tags; "Sign in to see the number" leads through sign-in to the app's page and back; the contact
 * buttons call and open WhatsApp with the number in its one form; unknown paths are real 404s.
 */

/** The public pages the sitemap lists (read as a crawler would, signed out). */
async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

const meta = (page: Page, selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');

test('a shared rent ad opens signed out with its preview tags, then through sign-in shows call and WhatsApp', async ({
  page,
}) => {
  const robots = await (await page.request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  const adPath = (await sitemapPaths(page)).find((path) => path.startsWith('/rent/'));
  expect(adPath).toBeDefined();
  const adId = adPath!.slice('/rent/'.length);

  // Signed out, as a link preview's fetcher sees it: the content is in the HTML (the page has no script).
  const response = await page.goto(adPath!);
  expect(response?.status()).toBe(200);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('for rent in');
  const title = (await heading.textContent()) ?? '';
  await expect(page).toHaveTitle(`${title} | Basha`);
  expect(await meta(page, 'property="og:title"')).toBe(title);
  expect(await meta(page, 'property="og:url"')).toBe(`${BASE_URL}${adPath}`);
  const image = (await meta(page, 'property="og:image"')) ?? '';
  expect(image).toMatch(new RegExp(`^${BASE_URL}/share/og/.+\\.jpg$`));
  expect((await page.request.get(image)).headers()['content-type']).toBe('image/jpeg');
  expect(await meta(page, 'name="twitter:card"')).toBe('summary_large_image');
  await expect(page.locator('a[href^="tel:"], a[href*="wa.me"]')).toHaveCount(0);
  await expect(page.getByText('Never pay an advance before you have seen the flat.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in to see the number' }).click();
  await page.waitForURL('**/auth/login');
  const user = demoUsers[1]!;
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**/main/view-rent/${adId}`);

  const call = page.getByRole('link', { name: /^Call \+880 1\d{3}-\d{6}$/ });
  await expect(call).toBeVisible();
  expect(await call.getAttribute('href')).toMatch(/^tel:\+8801\d{9}$/);
  const whatsApp = page.getByRole('link', { name: 'WhatsApp' });
  const chat = new URL((await whatsApp.getAttribute('href')) ?? '');
  expect(`${chat.origin}${chat.pathname}`).toMatch(/^https:\/\/wa\.me\/8801\d{9}$/);
  expect(chat.pathname.slice(1)).toBe((await call.getAttribute('href'))!.slice('tel:+'.length));
  expect(chat.searchParams.get('text')).toContain('I saw your ad on Basha');
  expect(chat.searchParams.get('text')).toContain(`${BASE_URL}/rent/${adId}`);
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page.getByText('Stay safe')).toBeVisible();
});

test('a shared provider page opens signed out, and the app’s provider page has the contact links', async ({ page }) => {
  const prosPath = (await sitemapPaths(page)).find((path) => path.startsWith('/pros/'));
  expect(prosPath).toBeDefined();
  const response = await page.goto(prosPath!);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in to see the number' }).click();
  await page.waitForURL('**/auth/login');
  const user = demoUsers[0]!;
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**/main/prof-profile/${prosPath!.slice('/pros/'.length)}`);
  const call = page.getByRole('link', { name: /^Call \+880 1\d{3}-\d{6}$/ }).first();
  await expect(call).toBeVisible();
  expect(await call.getAttribute('href')).toMatch(/^tel:\+8801\d{9}$/);
  const chat = (await page.getByRole('link', { name: 'WhatsApp' }).first().getAttribute('href')) ?? '';
  expect(chat).toMatch(/^https:\/\/wa\.me\/8801\d{9}\?text=/);
  expect(decodeURIComponent(chat)).toContain(`${BASE_URL}${prosPath}`);
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
});

test('Share is offered on a provider page only while its public page shows them', async ({ page }) => {
  // The demo moderator offers no service: their public page is a 404, so their own provider page has no Share.
  const selfId = await signInAs(page, { email: DEMO_MODERATOR.email, password: DEMO_PASSWORD });
  expect((await page.request.get(`/pros/${selfId}`)).status()).toBe(404);
  await page.goto(`/main/prof-profile/${selfId}`);
  await expect(page.getByRole('heading', { name: 'Professional Services Offered' })).toBeVisible();
  await expect(page.getByText('You do not offer any professional services yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
  // A provider the sitemap lists (a live public page) has it.
  const prosPath = (await sitemapPaths(page)).find((path) => path.startsWith('/pros/'));
  await page.goto(`/main/prof-profile/${prosPath!.slice('/pros/'.length)}`);
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
});

test('unknown pages and listings answer 404, in the page a person sees', async ({ page }) => {
  const unknown = await page.goto('/no/such/page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const missingAd = await page.goto(`/rent/${randomUUID()}`);
  expect(missingAd?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This listing is not available' })).toBeVisible();
});

test('screenshots: the public pages at 390 and 1280 px in both languages, and a Facebook-size preview card', async ({
  page,
}) => {
  const paths = await sitemapPaths(page);
  const adPath = paths.find((path) => path.startsWith('/rent/'))!;
  const prosPath = paths.find((path) => path.startsWith('/pros/'))!;
  mkdirSync('.tmp/screenshots', { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const locale of ['en', 'bn']) {
      for (const [name, path] of [
        ['rent', adPath],
        ['pros', prosPath],
      ] as const) {
        await page.goto(`${path}?lang=${locale}`);
        await page.screenshot({ path: `.tmp/screenshots/public-${name}-${locale}-${width}.png`, fullPage: true });
      }
    }
  }

  // The card Facebook draws for a shared link (the 1200x630 image, site, title, description) from the page's
  // tags, at the half size a phone's feed shows it.
  await page.goto(adPath);
  const tags = {
    image: (await meta(page, 'property="og:image"')) ?? '',
    title: (await meta(page, 'property="og:title"')) ?? '',
    description: (await meta(page, 'property="og:description"')) ?? '',
    host: new URL((await meta(page, 'property="og:url"')) ?? BASE_URL).host.toUpperCase(),
  };
  await page.setViewportSize({ width: 600, height: 500 });
  await page.route('**/preview-card', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><body style="margin:0;background:#f0f2f5;font-family:Helvetica,Arial,sans-serif">
        <div id="card" style="width:600px;background:#fff;border:1px solid #dadde1">
          <img id="image" style="display:block;width:600px;height:315px;object-fit:cover">
          <div style="padding:10px 12px;background:#f2f3f5;border-top:1px solid #dadde1">
            <div id="host" style="color:#606770;font-size:12px;text-transform:uppercase"></div>
            <div id="title" style="color:#1d2129;font-size:16px;font-weight:600;margin:3px 0"></div>
            <div id="description" style="color:#606770;font-size:14px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis"></div>
          </div>
        </div></body></html>`,
    }),
  );
  await page.goto(`${BASE_URL}/preview-card`);
  await page.evaluate((card) => {
    (document.getElementById('image') as HTMLImageElement).src = card.image;
    document.getElementById('host')!.textContent = card.host;
    document.getElementById('title')!.textContent = card.title;
    document.getElementById('description')!.textContent = card.description;
  }, tags);
  await expect(page.locator('#image')).toHaveJSProperty('complete', true);
  // Into the test's output; SHARE_PREVIEW_TO_DOCS=1 refreshes the picture kept in docs/.
  const cardPath = process.env.SHARE_PREVIEW_TO_DOCS
    ? 'docs/share-preview-card.png'
    : test.info().outputPath('card.png');
  await page.locator('#card').screenshot({ path: cardPath, type: 'png' });
});
