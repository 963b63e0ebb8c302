import { expect, test } from '@playwright/test';
import type { PushMessage } from '../src/domain/push-message';
import { m } from '../src/i18n/generated/messages.js';
import { startLocalPushService } from '../server/test/push-service';
import { api, createRentAd } from './support/rent-ad-api';
import { waitForServiceWorker } from './support/service-worker';
import { signInInLocale } from './support/sign-in';
import { BASE_URL } from './support/stack';
import { createVerifiedAccount } from './support/verified-account';

/**
 * Saved-search alerts and web push (issue 43): a renter saves the rent list's filters with "Alert me", someone else
 * posts a matching ad, the server's push reaches the renter's browser as a notification, and tapping it opens the ad.
 *
 * Chromium here cannot reach a real push service (no Google servers), so the browser's subscription is one the local
 * push service of the server tests makes (`server/test/push-service.ts`, which checks the VAPID signature and
 * decrypts each message as a push service and a browser would), registered through the API as the app registers
 * one. What that service decrypts is then handed to the browser's service worker through DevTools
 * (`ServiceWorker.deliverPushMessage`), as the push service would deliver it.
 */

test('an alert saved from the rent list: a matching ad posted by someone else is pushed, and the tap opens it', async ({
  browser,
}) => {
  const pushService = await startLocalPushService();
  try {
    const renter = await createVerifiedAccount('alert-renter', { occupation: 'Teacher', gender: 'Female' });
    const context = await browser.newContext({ locale: 'en-US' });
    await context.grantPermissions(['notifications'], { origin: BASE_URL });
    const page = await context.newPage();
    await signInInLocale(page, renter, 'en');

    // The renter looks for a flat in Mohammadpur with a word of their own, and asks to be told of new ones.
    // Letters only: a run of digits in an ad's text reads as a phone number, which the public page masks.
    const word = `alert${renter.tag.replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;
    await page.goto(`/main/rent?place=ar-mohammadpur&q=${word}`);
    await page.getByRole('button', { name: m.alerts_me_button() }).click();
    const sheet = page.getByRole('dialog', { name: m.alerts_sheet_title() });
    await sheet.getByRole('button', { name: m.alerts_sheet_save() }).click();
    await expect(page.getByText(m.alerts_sheet_saved())).toBeVisible();
    const [alert] = await api<{ kind: string; filters: object; frequency: string }[]>(renter.session, 'alerts');
    expect(alert).toMatchObject({
      kind: 'rent',
      filters: { placeId: 'ar-mohammadpur', q: word },
      frequency: 'instant',
    });

    // The phone's subscription, as its browser would make it with the server's key.
    const { publicKey } = await api<{ publicKey: string }>(renter.session, 'push/key');
    const device = pushService.subscribe({ applicationServerKey: publicKey });
    await api(renter.session, 'push/subscriptions', { method: 'PUT', body: JSON.stringify(device) });

    // Someone else posts a matching ad; within the minute the push service has the server's message for the phone.
    const landlord = await createVerifiedAccount('alert-landlord', { occupation: 'Engineer', gender: 'Male' });
    const ad = await createRentAd(landlord.session, {
      addressLine: `Road 4, Mohammadpur ${landlord.tag}`,
      details: `A bright two-room flat near the market, ${word}.`,
    });
    const pushed = () => pushService.received.filter((push) => push.endpoint === device.endpoint);
    await expect.poll(() => pushed().length, { timeout: 60_000, intervals: [500] }).toBe(1);
    const message = pushed()[0]!.payload as PushMessage;
    expect(message).toEqual({ type: 'alert', kind: 'rent', count: 1, url: `/rent/${ad._id}`, lang: 'en' });

    // The push service delivers it to the browser's worker, which shows a notification.
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL === `${BASE_URL}/`)).toBe(true);
    const appWorker = registrations.find((r) => r.scopeURL === `${BASE_URL}/`)!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: BASE_URL,
      registrationId: appWorker.registrationId,
      data: JSON.stringify(message),
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          data: notification.data as unknown,
        })),
      );
    await expect.poll(async () => (await shown()).length).toBe(1);
    const [notification] = await shown();
    expect(notification!.data).toMatchObject({ url: `/rent/${ad._id}` });

    // A tap on it takes the phone's open Basha window to the ad.
    const worker = context.serviceWorkers().find((candidate) => new URL(candidate.url()).pathname === '/sw.js');
    expect(worker, 'the app worker').toBeDefined();
    await worker!.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [tapped] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: tapped! }));
    });
    await page.waitForURL(`**/rent/${ad._id}`);
    await expect(page.getByText(`A bright two-room flat near the market, ${word}.`)).toBeVisible();
    await context.close();
  } finally {
    await pushService.close();
  }
});
