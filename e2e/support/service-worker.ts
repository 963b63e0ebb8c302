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
 * Waits, for at most 10 s, until no worker is being swapped in: after a sign-in the page registers the signed-in
 * worker, which replaces the visitor's at once, and a navigation started during that swap has hung in CI (`goto`
 * never committed; session 31 note). Done when that worker is in charge or parked as waiting (it waits when another
 * build is in charge), or when no worker is registered (workers blocked). A steadier start, not an assertion: a
 * test that gets past 10 s goes on as before.
 */
export async function waitForWorkerSwap(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker?.getRegistration();
          if (!registration) return true;
          const signedInWorker = (worker: ServiceWorker | null) => worker?.scriptURL.includes('?outbox') === true;
          return (
            registration.installing === null &&
            (signedInWorker(registration.active) || signedInWorker(registration.waiting))
          );
        }),
      { timeout: 10_000 },
    )
    .toBe(true)
    .catch(() => undefined);
}
