import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { ServiceRecord } from '../src/domain/service';
import { choosePlace } from './support/place-picker';
import { api, createRentAd } from './support/rent-ad-api';
import { createVerifiedAccount } from './support/verified-account';
import { demoUsers, sessionTokenOf, signInAs, signedInStatePath } from './support/sign-in';
import { waitForSignedInWorker } from './support/service-worker';

/**
 * What a tester tripped over in a day on an Android phone (issue 24) that no other spec covers: one long word
 * in a listing must not widen any page, and a listing never opened before opens offline from the list's mirror.
 */

const PHONE_WIDTH = 412;

/**
 * How far the text holding `needle` sticks out of any box around it (0 when it all wraps inside), or the page
 * out of the phone's width: cards and dialogs clip what overflows them, so the page's own width is not enough.
 * -1 when no text holds the needle (the check would prove nothing).
 */
function textOverflow(page: Page, needle: string): Promise<number> {
  return page.evaluate((text) => {
    const root = document.documentElement;
    let worst = root.scrollWidth - root.clientWidth;
    let found = false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(text)) continue;
      found = true;
      for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
        worst = Math.max(worst, box.scrollWidth - box.clientWidth);
      }
    }
    return found ? worst : -1;
  }, needle);
}

test.use({ viewport: { width: PHONE_WIDTH, height: 915 } });

test('a day on a 412 px phone: links start at the top, the offer form leads to an empty field, long words wrap, and an unopened listing opens offline', async ({
  page: visitorPage,
  browser,
}) => {
  let page = visitorPage;
  await test.step('a page opened from a typed or shared link starts at its top, not where the last first page was left', async () => {
    await page.goto('/contact');
    await page.locator('.feedback-form').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // Each goto is a new visit's first page: React Router names every such entry "default".
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The same address opened the same way again (a shortcut, the link once more) starts at its top too.
    await page.goto('/contact');
    await expect(page.locator('.feedback-form')).toBeAttached();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  await test.step('Publish Service with an empty description takes the person to it, below the fixed header', async () => {
    const provider = await createVerifiedAccount('focus', { occupation: 'Painter', gender: 'Female' });
    await signInAs(page, provider, '/main/offer-service');
    await page.getByLabel('Service Type').selectOption('Painter');
    await page.getByLabel('Contact Number').fill('+880 1712-345678');
    await page.getByLabel('Address Line').fill('House 12, Road 5, Dhanmondi, Dhaka');
    await choosePlace(page, 'Dhanmondi');
    await page.getByLabel('Minimum Price (BDT)').fill('800');
    await page.getByLabel('Maximum Price (BDT)').fill('8000');
    await page.getByLabel('Monday').check();
    await page.getByLabel('Day Time').check();

    const publish = page.getByRole('button', { name: 'Publish Service' });
    await publish.scrollIntoViewIfNeeded();
    await publish.click();
    const empty = page.getByLabel('Description');
    await expect(empty).toBeFocused();
    // Scrolled into view, and not under the fixed header.
    await expect
      .poll(async () => {
        const [row, header] = await Promise.all([empty.boundingBox(), page.locator('.site-header').boundingBox()]);
        return row!.y >= header!.y + header!.height && row!.y + row!.height <= 915;
      })
      .toBe(true);
  });

  // The rest as a demo person, on a phone of their own.
  const member = await browser.newContext({ storageState: signedInStatePath(demoUsers[0]!) });
  page = await member.newPage();
  await page.goto('/');

  await test.step('a 300-character word wraps on the rent detail, the service list, the provider page and in reviews', async () => {
    const tag = randomUUID().slice(0, 8);
    // Letters only after the query's start: no hyphen or slash where a browser could break the line by itself.
    const longWord = `https://example.com/listing?ref=${tag}${'LakeViewFlatWithBalcony'.repeat(13)}`.slice(0, 300);
    expect(longWord).toHaveLength(300);

    const posterToken = (await sessionTokenOf(page))!;
    const post = await createRentAd(posterToken, { addressLine: `House ${tag}, Road 4`, details: `See ${longWord}` });

    // A provider whose description holds the word, and a review that holds it too.
    const provider = await createVerifiedAccount('longword', { occupation: 'Painter', gender: 'Female' });
    const service = await api<ServiceRecord>(provider.session, `profession/create-profile/${provider.id}`, {
      method: 'POST',
      body: JSON.stringify({
        category: 'Painter',
        contactNumber: '+880 1712-345678',
        addressLine: 'House 3, Road 2, Banani',
        servicePlaceIds: ['ar-banani'],
        description: `Walls and doors, see ${longWord}`,
        minimumPrice: 800,
        maximumPrice: 9000,
        availableDays: ['Sunday'],
        availableTime: 'day',
      }),
    });
    await api(posterToken, `profession/add-feedback/${service._id}`, {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ rating: 5, feedback: `Great work, photos at ${longWord}` }),
    });

    // A piece of the word that every place showing it (even shortened) includes.
    const needle = longWord.slice(0, 40);

    await page.goto(`/main/view-rent/${post._id}`);
    await expect(page.getByText(needle, { exact: false }).first()).toBeVisible();
    expect(await textOverflow(page, needle)).toBe(0);

    await page.goto('/main/find-service/painter');
    const card = page.locator('.service-card', { hasText: provider.name });
    await expect(card).toBeVisible();
    expect(await textOverflow(page, needle)).toBe(0);

    await card.getByRole('button', { name: /See Reviews \(1\)/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(needle, { exact: false })).toBeVisible();
    expect(await textOverflow(page, `photos at ${needle}`)).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`/main/prof-profile/${provider.id}`);
    await expect(page.getByText(`Walls and doors, see`, { exact: false })).toBeVisible();
    expect(await textOverflow(page, needle)).toBe(0);
  });

  await test.step('offline, a listing never opened before opens from the list, with a placeholder for photos not on the phone', async () => {
    await page.goto('/main/rent');
    await waitForSignedInWorker(page);
    const cards = page.locator('.rent-card:not(.rent-card--pending)');
    await expect(cards).toHaveCount(12);

    await member.setOffline(true);
    const card = cards.nth(4);
    const cardText = (await card.textContent()) ?? '';
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/main\/view-rent\//);
    await expect(page.getByText('Could not load property details.')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Property details')).toBeVisible();
    // The address on the detail page is the one on the card that was tapped.
    const address = (await page.locator('.rent-details__address').textContent())!.split(',')[0]!;
    expect(cardText).toContain(address);
    await expect(page.getByText(/offline/i).first()).toBeVisible();

    // The large photo was never loaded on this phone: the service worker answers with the placeholder picture,
    // so the <img> has pixels (a broken image has a natural width of 0).
    const photo = page.locator('.rent-gallery__image');
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await member.setOffline(false);
  });
});
