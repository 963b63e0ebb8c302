import { expect, test } from '@playwright/test';
import { m } from '../src/i18n/generated/messages.js';
import { sitemapPaths, meta } from './support/public-pages';
import { rentCards } from './support/rent-cards';
import { BASE_URL } from './support/stack';
import { demoModerator, selfIdOf, signedInStatePath } from './support/sign-in';

/**
 * Issue 20: a link shared on Facebook, Messenger or WhatsApp opens a public page for anyone signed out, with the
 * preview tags; "See the number on Basha" leads to the app's page, open to visitors (issue 40), where "Show number"
 * asks for it; the contact buttons call and open WhatsApp with the number in its one form; unknown paths are real
 * 404s.
 */

test('shared links open signed out with their preview tags, then the app shows a visitor the number, call and WhatsApp', async ({
  page,
  browser,
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

  await page.getByRole('link', { name: 'See the number on Basha' }).click();
  await page.waitForURL(`**/main/view-rent/${adId}`);
  // A visitor's copy has no number until they ask for it.
  await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show number' }).click();

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

  await test.step('a shared provider page opens signed out, and the app’s provider page has the contact links', async () => {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    const prosPath = (await sitemapPaths(page)).find((path) => path.startsWith('/pros/'));
    expect(prosPath).toBeDefined();
    const response = await page.goto(prosPath!);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'See the number on Basha' }).click();
    await page.waitForURL(`**/main/prof-profile/${prosPath!.slice('/pros/'.length)}`);
    await page.getByRole('button', { name: 'Show number' }).first().click();
    const call = page.getByRole('link', { name: /^Call \+880 1\d{3}-\d{6}$/ }).first();
    await expect(call).toBeVisible();
    expect(await call.getAttribute('href')).toMatch(/^tel:\+8801\d{9}$/);
    const chat = (await page.getByRole('link', { name: 'WhatsApp' }).first().getAttribute('href')) ?? '';
    expect(chat).toMatch(/^https:\/\/wa\.me\/8801\d{9}\?text=/);
    expect(decodeURIComponent(chat)).toContain(`${BASE_URL}${prosPath}`);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await visitor.close();
  });

  await test.step('Share is offered on a provider page only while its public page shows them', async () => {
    const moderatorPhone = await browser.newContext({ storageState: signedInStatePath(demoModerator) });
    const page = await moderatorPhone.newPage();
    await page.goto('/');
    const selfId = await selfIdOf(page);
    expect((await page.request.get(`/pros/${selfId}`)).status()).toBe(404);
    await page.goto(`/main/prof-profile/${selfId}`);
    await expect(page.getByRole('heading', { name: 'Professional Services Offered' })).toBeVisible();
    await expect(page.getByText('You do not offer any professional services yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
    // A provider the sitemap lists (a live public page) has it.
    const prosPath = (await sitemapPaths(page)).find((path) => path.startsWith('/pros/'));
    await page.goto(`/main/prof-profile/${prosPath!.slice('/pros/'.length)}`);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await moderatorPhone.close();
  });

  await test.step('on a 360 px Bangla phone a card names the area in Bangla, and its share opens in Bangla (issue 39)', async () => {
    const bn = { locale: 'bn' } as const;
    // The signed-in phone above, now 360 px wide and with Bangla picked (the cookie; the account is left alone).
    await page.setViewportSize({ width: 360, height: 780 });
    await page.context().addCookies([{ name: 'basha-locale', value: 'bn', url: BASE_URL }]);
    // The phone's share sheet, as the app calls it: what it was handed is kept for the test to read.
    await page.context().addInitScript(() => {
      const share = (data: ShareData) => {
        sessionStorage.setItem('shared', JSON.stringify(data));
        return Promise.resolve();
      };
      Object.defineProperties(navigator, { share: { value: share }, canShare: { value: () => true } });
    });
    await page.goto('/main/rent');
    await expect(rentCards(page).first()).toBeVisible();
    // Every card's area and district are whole at 360 px, none cut off.
    const places = page.locator('.rent-card__place');
    const cut = await places.evaluateAll((headings) =>
      headings.filter((heading) => heading.scrollWidth > heading.clientWidth).map((heading) => heading.textContent),
    );
    expect(cut).toEqual([]);
    const place = places.filter({ hasText: /^[\u0980-\u09ff]+[^,]*, [\u0980-\u09ff]/ }).first();
    const area = ((await place.textContent()) ?? '').split(',')[0]!;
    await rentCards(page).filter({ has: place }).getByRole('link').first().click();
    await page.waitForURL('**/main/view-rent/**');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(area);

    await page.getByRole('button', { name: m.share_button({}, bn) }).click();
    const shared = JSON.parse((await page.evaluate(() => sessionStorage.getItem('shared'))) ?? '{}') as ShareData;
    expect(shared.text).toMatch(new RegExp(`^[^,]+, ${area}, .+ — ৳[০-৯,]+/`));
    expect(shared.url).toMatch(new RegExp(`^${BASE_URL}/rent/[0-9a-f-]+\\?lang=bn$`));

    // The friend's phone speaks English; the link opens in the sharer's Bangla.
    const friend = await browser.newContext({ locale: 'en-US' });
    const friendPage = await friend.newPage();
    expect((await friendPage.goto(shared.url!))?.status()).toBe(200);
    await expect(friendPage.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(friendPage.getByRole('heading', { level: 1 })).toContainText(area);
    await expect(friendPage.getByRole('link', { name: m.share_see_number_on_basha({}, bn) })).toBeVisible();
    await friend.close();
  });
});
