import { appendFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser';
import { OUTBOX_WORKER_SCOPE } from '../src/domain/worker-caching';
import { waitForServiceWorker, waitForSignedInWorker } from './support/service-worker';
import { demoUsers, sessionTokenOf } from './support/sign-in';
import { BASE_URL, E2E_DIST_DIR } from './support/stack';

test('Chrome finds Basha installable, and a newly deployed version is offered with a notice that switches to it', async ({
  page,
}) => {
  await test.step('the manifest and service worker raise no installability errors', async () => {
    // The installability check only runs in a persistent browser profile.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'basha-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
    try {
      const page = await context.newPage();
      await page.goto(BASE_URL);
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
      const manifest = await (await page.request.get(`${BASE_URL}/manifest.webmanifest`)).json();
      expect(manifest.shortcuts.map((s: { name: string }) => s.name)).toEqual([
        'Post Rent Ad',
        'Offer Service',
        'Find a Maid',
      ]);
    } finally {
      await context.close();
    }
  });

  await test.step('a newly deployed version is offered, and Reload switches to it', async () => {
    await page.goto('/');
    await waitForServiceWorker(page);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(firstWorker).toContain('/sw.js');

    // "Deploy" a new version: any change to sw.js makes the browser install it as a new worker.
    appendFileSync(path.join(E2E_DIST_DIR, 'sw.js'), `\n// deployed ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(page.getByText('A new version is available')).toBeVisible({ timeout: 20_000 });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByText('A new version is available')).toBeHidden();
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null);
    expect(waiting).toBeNull();
  });
});

test('signing in never changes the worker in charge of the page, and a reload at once after it is answered', async ({
  page,
}) => {
  // Decision 0016 (issue 38, point 8): the app's worker was once swapped for one with the outbox engine after a
  // sign-in, and a navigation that came in that moment could hang. The count of controller changes is kept in
  // sessionStorage, so that it spans the reload.
  await page.addInitScript(() => {
    navigator.serviceWorker?.addEventListener('controllerchange', () =>
      sessionStorage.setItem(
        'bashaControllerChanges',
        String(Number(sessionStorage.getItem('bashaControllerChanges')) + 1),
      ),
    );
  });
  await page.goto('/auth/login');
  await waitForServiceWorker(page);
  // The first visit's worker claimed the page (a change counted above); from here on, none may come.
  await page.evaluate(() => sessionStorage.setItem('bashaControllerChanges', '0'));
  await page.getByLabel('Email').fill(demoUsers[1]!.email);
  await page.getByLabel('Password').fill(demoUsers[1]!.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // A reload in the very moment after signing in, while the outbox worker installs: answered, signed in.
  await page.reload({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sessionTokenOf(page), 'still signed in after the reload').toBeTruthy();
  await waitForSignedInWorker(page);

  const after = await page.evaluate(async () => ({
    changes: Number(sessionStorage.getItem('bashaControllerChanges')),
    controller: navigator.serviceWorker.controller?.scriptURL,
    registrations: (await navigator.serviceWorker.getRegistrations())
      .map((registration) => ({ scope: registration.scope, script: registration.active?.scriptURL }))
      .sort((a, b) => a.scope.localeCompare(b.scope)),
  }));
  expect(after.changes, 'controllerchange events after the sign-in, across the reload').toBe(0);
  expect(after.controller).toBe(`${BASE_URL}/sw.js`);
  expect(after.registrations).toEqual([
    { scope: `${BASE_URL}/`, script: `${BASE_URL}/sw.js` },
    { scope: `${BASE_URL}${OUTBOX_WORKER_SCOPE}`, script: `${BASE_URL}/sw.js?outbox` },
  ]);
  // A typed address right after is answered by the same worker, from its shell.
  await page.goto('/main/rent');
  await expect(page.getByRole('heading', { name: 'Homes for rent' })).toBeVisible();
});

test('a visitor’s phone opens the next pages offline, also when an earlier version’s `sw.js?outbox` controls it', async ({
  page,
  context,
}) => {
  await test.step('the pages a visitor opens next, and once visited any page, open offline', async () => {
    await page.goto('/');
    await waitForServiceWorker(page);
    // The first visit tells the person once the app is saved on the phone.
    await expect(page.getByText('Basha is ready to use offline on this phone.')).toBeVisible();
    // A footer service page, visited once online (it is cached on first use, not with the first visit).
    await page.goto('/services/tutor');
    await expect(page.getByRole('heading', { name: 'Home tutors' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    // Never opened, kept with the first visit (the `next` group).
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
    await page.goto('/services/tutor');
    await expect(page.getByRole('heading', { name: 'Home tutors' })).toBeVisible();
    await context.setOffline(false);
  });

  await test.step('a phone of an earlier version, whose pages `sw.js?outbox` controls, keeps opening offline', async () => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.waitForLoadState('networkidle');
    // Earlier versions registered the app's worker again as sw.js?outbox, at scope /, after a sign-in (decision 0016).
    // Such a worker is still the app's worker: it keeps the shell and answers navigations, it does not take the
    // outbox worker's role (which answers nothing) only because of its address.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?outbox', { scope: '/' }).then(() => undefined));
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const earlier = registration?.waiting ?? registration?.active;
          if (!earlier?.scriptURL.includes('?outbox')) return 'installing';
          if (registration?.waiting) registration.waiting.postMessage({ type: 'SKIP_WAITING' });
          return navigator.serviceWorker.controller?.scriptURL;
        }),
      )
      .toBe(`${BASE_URL}/sw.js?outbox`);

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
    await context.setOffline(false);
  });
});
