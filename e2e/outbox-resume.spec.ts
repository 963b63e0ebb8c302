import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import type { SavedEntry } from '../src/domain/saved-sync';
import { sessionTokenOf, signInAs } from './support/sign-in';
import { outboxRows } from './support/outbox';
import { waitForSignedInWorker } from './support/service-worker';
import { BASE_URL } from './support/stack';
import { createVerifiedAccount } from './support/verified-account';

/**
 * An outbox item cut off mid-send by the page going away (a link followed, a reload) is sent again by the next page
 * within seconds, by itself, and reaches the account exactly once (issue 21 follow-up: in CI a heart pressed just
 * before leaving /main/rent had not arrived 10 s later). The first PUT is held by the test until the page is left,
 * so the request is surely in flight when the page goes.
 */

async function savedOnServer(token: string): Promise<string[]> {
  const response = await fetch(`${BASE_URL}/api/v1/saved`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: SavedEntry[] };
  return body.data.map((entry) => `${entry.kind}:${entry.id}`).sort();
}

/** Holds the first saved PUT (never answered: the page leaves while it waits); later ones go through. */
async function holdFirstSave(page: Page): Promise<{ held: Promise<void>; resent: () => number }> {
  let seen = 0;
  let onHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  await page.route('**/api/v1/saved/**', async (route: Route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    seen += 1;
    if (seen === 1) {
      onHeld();
      return; // left hanging: the navigation cancels it
    }
    await route.fallback();
  });
  return { held, resent: () => seen - 1 };
}

/**
 * Keeps the phone's saved-items store busy for `ms` from another page of Basha's origin (a readwrite transaction kept
 * alive), so that the app's own write of the saved copy waits that long: the moment between the heart turning on and
 * the toggle being kept is then long enough for the page to be left inside it, every time.
 */
async function blockSavedStore(page: Page, ms: number): Promise<Page> {
  const blocker = await page.context().newPage();
  await blocker.goto('/api/v1/health');
  await blocker.evaluate(
    ({ ms }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('basha-saved');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('items', 'readwrite').objectStore('items');
          const until = Date.now() + ms;
          const spin = () => {
            if (Date.now() < until) store.count().onsuccess = spin;
          };
          spin();
          resolve();
        };
      }),
    { ms },
  );
  return blocker;
}

async function saveFirstRentAd(page: Page): Promise<string> {
  const card = page.locator('.rent-card:not(.rent-card--pending)').first();
  const adId = (await card.locator('a.rent-card__link').getAttribute('href'))!.split('/').pop()!;
  const heart = card.getByRole('button', { name: 'Save', exact: true });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  return adId;
}

/** A fresh person signed in on a phone of their own, ready to go offline, with their session token. */
async function freshPhone(browser: Browser) {
  const person = await createVerifiedAccount('resume', { occupation: 'Teacher', gender: 'Female' });
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, person, '/main/rent');
  await waitForSignedInWorker(page);
  return { page, token: (await sessionTokenOf(page))! };
}

test('a save cut off by a page change, a reload, or a page left as the heart turns on reaches the account within seconds, once', async ({
  browser,
}) => {
  for (const leave of ['a page change', 'a reload'] as const) {
    await test.step(`interrupted by ${leave}`, async () => {
      const { page, token } = await freshPhone(browser);
      expect(await savedOnServer(token)).toEqual([]);

      const { held, resent } = await holdFirstSave(page);
      const adId = await saveFirstRentAd(page);
      await held;
      if (leave === 'a page change') await page.goto('/main/find-service/all');
      else await page.reload();

      // No click, no reload: the new page finds the cut-off item and sends it.
      await expect.poll(() => savedOnServer(token), { timeout: 5_000, intervals: [250] }).toEqual([`rent:${adId}`]);
      expect(resent()).toBe(1);
      await expect.poll(async () => (await outboxRows(page)).length).toBe(0);
      expect(await savedOnServer(token)).toEqual([`rent:${adId}`]);
      await page.context().close();
    });
  }

  await test.step('the page left as soon as the heart turns on', async () => {
    const { page, token } = await freshPhone(browser);
    await expect(page.locator('.rent-card').first()).toBeVisible();

    const blocker = await blockSavedStore(page, 6_000);
    const adId = await saveFirstRentAd(page);
    await expect(page.locator('.rent-card').first().getByRole('button', { name: 'Save', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto('/main/find-service/all');

    await expect.poll(() => savedOnServer(token), { timeout: 5_000, intervals: [250] }).toEqual([`rent:${adId}`]);
    await blocker.close();
    await page.context().close();
  });
});
