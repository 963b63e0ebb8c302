import { randomUUID } from 'node:crypto';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { RentPost } from '../src/domain/rent-post';
import { OUTBOX_SYNC_TAG } from '../src/domain/outbox';
import { OUTBOX_WORKER_SCOPE } from '../src/domain/worker-caching';
import { demoUsers, sessionTokenOf, signedInStatePath } from './support/sign-in';
import { publishRentAdOffline } from './support/rent-ad-form';
import { waitForSignedInWorker } from './support/service-worker';
import { BASE_URL } from './support/stack';

/**
 * A post queued before the phone was locked is sent by the service worker with no page of Basha open, when
 * Background Sync says the connection is back (docs/offline.md, "The processor runs"), exactly once.
 */

async function livePosts(token: string): Promise<RentPost[]> {
  const response = await fetch(`${BASE_URL}/api/v1/rent/rent-posts`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: RentPost[] };
  return body.data;
}

async function photoFiles(dir: (name: string) => string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const file = dir(`photo-${i + 1}.jpg`);
      await sharp({ create: { width: 900, height: 600, channels: 3, background: i ? '#e76f51' : '#2a9d8f' } })
        .jpeg({ quality: 80 })
        .toFile(file);
      return file;
    }),
  );
}

/**
 * The outbox worker's registration, watched through DevTools from a page of another origin (about:blank), which
 * is not one of Basha's pages: the worker sees no page of its own.
 */
async function watchServiceWorkers(page: Page): Promise<{ cdp: CDPSession; registrationId: () => Promise<string> }> {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) {
      if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = async () => {
    const scope = `${BASE_URL}${OUTBOX_WORKER_SCOPE}`;
    await expect.poll(() => registrations.get(scope)).toBeDefined();
    return registrations.get(scope)!;
  };
  return { cdp, registrationId };
}

test.use({ storageState: signedInStatePath(demoUsers[2]!) });

test('a rent ad queued offline is sent by the service worker with every page closed, exactly once', async ({
  page,
  context,
}, testInfo) => {
  const tag = randomUUID().slice(0, 8);
  const address = `House ${tag}, Road 9, Dhanmondi`;
  await page.goto('/main/add-rent');
  // The outbox worker of a phone where someone signed in (decision 0016) carries the outbox engine.
  await waitForSignedInWorker(page);
  const token = (await sessionTokenOf(page))!;
  await expect(page.getByRole('heading', { name: 'Add New Rental' })).toBeVisible();

  await publishRentAdOffline(page, address, await photoFiles((name) => testInfo.outputPath(name), 2));
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  // The phone is locked: no page of Basha is left.
  const devtools = await context.newPage();
  const { cdp, registrationId } = await watchServiceWorkers(devtools);
  await page.close();
  expect(context.pages()).toEqual([devtools]);

  // The connection returns, and the browser fires the worker's sync.
  await context.setOffline(false);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: BASE_URL,
    registrationId: await registrationId(),
    tag: OUTBOX_SYNC_TAG,
    lastChance: false,
  });

  await expect
    .poll(async () => (await livePosts(token)).filter((post) => post.addressLine === address).length, {
      timeout: 30_000,
    })
    .toBe(1);
  expect(context.pages()).toEqual([devtools]);

  // Opening Basha again: nothing waits, the ad is in the list once, and the server still has it once.
  const reopened = await context.newPage();
  await reopened.goto('/main/rent');
  await reopened.getByLabel('Search', { exact: true }).fill(tag);
  await expect(reopened.getByText(/^1 propert/)).toBeVisible();
  await expect(reopened.getByTestId('pending-rent-ad')).toHaveCount(0);
  await expect(reopened.getByTestId('outbox-count')).toHaveCount(0);
  const ads = (await livePosts(token)).filter((post) => post.addressLine === address);
  expect(ads).toHaveLength(1);
  expect(ads[0]!.imageUrls).toHaveLength(2);
});
