import { expect, type Page } from '@playwright/test';
import { APP_FILES_CACHE, groupCachedKey, OUTBOX_WORKER_SCOPE } from '../../src/domain/worker-caching';

/** Waits until a service worker controls the page (a visitor's worker keeps the shell and the next pages). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

/**
 * Waits until the phone is ready for someone signed in to go offline (decision 0016): the app's worker controls the
 * page and has cached the rest of the app's code (its record that the `member` group is whole), and the outbox worker,
 * which sends the outbox on Background Sync with no page open, is active. Neither changes which worker is in charge of
 * the page, so a test may navigate at any moment meanwhile; it waits only before going offline or closing its pages.
 */
export async function waitForSignedInWorker(page: Page): Promise<void> {
  // Polled with page.evaluate, which awaits the check; waitForFunction would take its promise for a truthy answer.
  const ready = () =>
    page.evaluate(
      async ({ cacheName, memberKey, scope }) => {
        if (navigator.serviceWorker?.controller === null) return false;
        const outboxWorker = await navigator.serviceWorker.getRegistration(scope);
        if (!outboxWorker?.active || new URL(outboxWorker.scope).pathname !== scope) return false;
        return (await (await caches.open(cacheName)).match(memberKey)) !== undefined;
      },
      { cacheName: APP_FILES_CACHE, memberKey: groupCachedKey('member'), scope: OUTBOX_WORKER_SCOPE },
    );
  await expect
    .poll(ready, { message: 'the signed-in phone is ready offline', timeout: 30_000, intervals: [250] })
    .toBe(true);
}
