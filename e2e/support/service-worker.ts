import { expect, type Page } from '@playwright/test';

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

/**
 * Waits until no worker is being swapped in: after a sign-in the page registers the signed-in worker, which replaces
 * the visitor's at once, and a navigation started during that swap has hung in CI (`goto` never committed; session
 * 31 note). Where workers are blocked or none is registered, there is nothing to wait for.
 */
export async function waitForWorkerSwap(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker?.getRegistration();
          if (!registration) return true;
          return (
            registration.installing === null &&
            registration.waiting === null &&
            registration.active?.scriptURL.includes('?outbox') === true
          );
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}
