import { expect, test, type Locator, type Page } from '@playwright/test';
import { SAVED_PHOTO_CACHE } from '../src/domain/saved';
import type { SavedEntry } from '../src/domain/saved-sync';
import { demoUsers, sessionTokenOf, signInAs, signedInStatePath } from './support/sign-in';
import { outboxRows } from './support/outbox';
import { api, createRentAd } from './support/rent-ad-api';
import { waitForSignedInWorker } from './support/service-worker';
import { BASE_URL } from './support/stack';
import { createVerifiedAccount } from './support/verified-account';

/**
 * Saved listings (issue 21, point 3) in a real browser against the real stack: a rent ad and a service saved with
 * their hearts reach the account; offline, the Saved page opens with both and their photos (served from the saved
 * photo cache: the ordinary photo cache is emptied first); an unsave made offline reaches the account once the
 * connection returns; a saved ad its owner deletes says it is no longer available until removed; sign-out clears
 * the phone's copy.
 */

async function savedOnServer(token: string): Promise<string[]> {
  const response = await fetch(`${BASE_URL}/api/v1/saved`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: SavedEntry[] };
  return body.data.map((entry) => `${entry.kind}:${entry.id}`).sort();
}

/** The photo is drawn (not broken) and is the one kept in the saved photo cache. */
async function expectPhotoFromSavedCache(image: Locator) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const src = await image.getAttribute('src');
  const kept = await image
    .page()
    .evaluate(async ({ cacheName, url }) => !!(await (await caches.open(cacheName)).match(url ?? '')), {
      cacheName: SAVED_PHOTO_CACHE,
      url: src,
    });
  expect(kept).toBe(true);
}

test.use({ storageState: signedInStatePath(demoUsers[2]!) });

test('a rent ad and a service saved online open offline on the Saved page with photos, and an offline unsave syncs', async ({
  page,
  context,
}) => {
  await page.goto('/main/rent');
  await waitForSignedInWorker(page);
  const token = (await sessionTokenOf(page))!;
  // The demo person is shared: a retry starts from an empty list too.
  for (const key of await savedOnServer(token)) {
    const [kind, id] = key.split(':');
    await fetch(`${BASE_URL}/api/v1/saved/${kind}/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
  expect(await savedOnServer(token)).toEqual([]);

  const card = page.locator('.rent-card:not(.rent-card--pending)').first();
  const adId = (await card.locator('a.rent-card__link').getAttribute('href'))!.split('/').pop()!;
  const rentHeart = card.getByRole('button', { name: 'Save', exact: true });
  await expect(rentHeart).toHaveAttribute('aria-pressed', 'false');
  await rentHeart.click();
  await expect(rentHeart).toHaveAttribute('aria-pressed', 'true');
  // The page is left at once, as a person does once the heart is on: the next page sends the toggle (it is kept in
  // the outbox before the heart turns on; e2e/outbox-resume.spec.ts holds the cases of a page left mid-send).

  await page.goto('/main/find-service/all');
  const serviceCard = page
    .locator('.service-card')
    .filter({ has: page.locator('.service-card__media img') })
    .first();
  const serviceHeart = serviceCard.getByRole('button', { name: 'Save', exact: true });
  await serviceHeart.click();
  await expect(serviceHeart).toHaveAttribute('aria-pressed', 'true');

  await expect
    .poll(() => savedOnServer(token))
    .toHaveLength(2)
    .catch(async (error: Error) => {
      // CI (stop 31) once saw the second save kept on the phone and not sent within 10 s: say where it waits.
      throw new Error(`${error.message}\nThe page's outbox: ${JSON.stringify(await outboxRows(page))}`);
    });
  const saved = await savedOnServer(token);
  expect(saved).toContain(`rent:${adId}`);
  const serviceKey = saved.find((key) => key.startsWith('service:'))!;

  // Through the header's menu, then offline; the ordinary photo cache goes, so only the saved copies can answer.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Saved', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Saved', level: 1 })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async (cacheName) => (await (await caches.open(cacheName)).keys()).length, SAVED_PHOTO_CACHE),
    )
    .toBeGreaterThanOrEqual(2);
  await page.evaluate(() => caches.delete('basha-photos'));
  await context.setOffline(true);
  await page.reload();

  const items = page.locator('.saved-item');
  await expect(items).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Rent ads' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible();
  for (const image of await items.locator('img').all()) await expectPhotoFromSavedCache(image);

  // Unsave the ad offline: it leaves the page at once and waits in the outbox.
  const savedAd = items.filter({ has: page.locator(`a[href="/main/view-rent/${adId}"]`) });
  await savedAd.getByRole('button', { name: /^Save / }).click();
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId('outbox-count')).toHaveText('1');
  expect(await savedOnServer(token)).toContain(`rent:${adId}`);

  await context.setOffline(false);
  await expect.poll(() => savedOnServer(token), { timeout: 20_000 }).toEqual([serviceKey]);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);

  // An ad saved here that its owner then deletes stays on Saved, said to be gone, until it is removed.
  const poster = await createVerifiedAccount('gone', { occupation: 'Landlord', gender: 'Female' });
  const goneAd = await createRentAd(poster.session, {
    addressLine: `House ${poster.tag}, Road 9`,
    details: 'A bright flat near the lake, lift and generator, family only.',
  });
  await page.goto(`/main/view-rent/${goneAd._id}`);
  await page.getByRole('button', { name: /^Save / }).click();
  await expect.poll(() => savedOnServer(token)).toContain(`rent:${goneAd._id}`);
  await api(poster.session, `rent/delete/${goneAd._id}`, { method: 'DELETE' });
  await page.goto('/main/saved');
  const goneItem = items.filter({ hasText: `House ${poster.tag}` });
  await expect(goneItem.getByText('No longer available')).toBeVisible();
  await expect(goneItem.getByRole('link')).toHaveCount(0);
  await goneItem.getByRole('button', { name: /^Remove .* from Saved$/ }).click();
  await expect(goneItem).toHaveCount(0);
  await expect.poll(() => savedOnServer(token)).toEqual([serviceKey]);

  // On another phone (a fresh browser context) the account's list arrives with the sign-in.
  // A phone no one has signed in on yet (not this file's signed-in state).
  const other = await context.browser()!.newContext({ ...devicesOf(page), storageState: { cookies: [], origins: [] } });
  const otherPage = await other.newPage();
  await signInAs(otherPage, demoUsers[2]!, '/main/saved');
  await expect(otherPage.locator('.saved-item')).toHaveCount(1, { timeout: 20_000 });
  await expect(otherPage.locator('.saved-item img')).toHaveJSProperty('complete', true);
  await other.close();

  // Signing out leaves nothing saved on this phone.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('You are signed out')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async (cacheName) => {
        const photos = await caches.has(cacheName);
        const rows = await new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('basha-saved');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('items')) return resolve(0);
            const count = db.transaction('items').objectStore('items').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
          open.onerror = () => reject(open.error);
        });
        return { photos, rows };
      }, SAVED_PHOTO_CACHE),
    )
    .toEqual({ photos: false, rows: 0 });
});

function devicesOf(page: Page) {
  const viewport = page.viewportSize() ?? { width: 412, height: 915 };
  return { viewport, isMobile: true, hasTouch: true, baseURL: BASE_URL };
}
