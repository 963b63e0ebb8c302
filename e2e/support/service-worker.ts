import type { Page } from '@playwright/test';

/** Waits until a service worker controls the page (a visitor's worker keeps the shell and the next pages). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

/**
 * Waits until the worker of a phone where someone signed in controls the page: registered as `sw.js?outbox` after the
 * sign-in, it holds the rest of the app's code for offline use and the outbox engine (issue 23). A test that signs in
 * and then goes offline waits for this one: the visitor's worker may not have the signed-in pages' code.
 */
export async function waitForSignedInWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller?.scriptURL.includes('?outbox') === true,
    undefined,
    { timeout: 30_000 },
  );
}
