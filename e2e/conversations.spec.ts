import { expect, test, type Browser } from '@playwright/test';
import type { MessagesPage } from '../src/domain/conversation';
import { m } from '../src/i18n/generated/messages.js';
import { api, createRentAd } from './support/rent-ad-api';
import { waitForSignedInWorker } from './support/service-worker';
import { signInInLocale } from './support/sign-in';
import { createVerifiedAccount } from './support/verified-account';

/**
 * Conversations (issue 42), with two people on phones of their own: a renter writes to a landlord from the ad, the
 * landlord's open thread shows it live with the number hidden, a message written offline waits on the renter's phone
 * and reaches the landlord once when the phone is back online, and the landlord's ask for an advance by bKash warns
 * the renter. Fresh people on both sides: a conversation changes what each of them sees.
 */

/** A fresh verified person signed in on a phone of their own. */
async function freshPhone(browser: Browser, label: string) {
  const person = await createVerifiedAccount(label, { occupation: 'Engineer', gender: 'Female' });
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signInInLocale(page, person, 'en');
  return { person, context, page };
}

test('two people talk about a rent ad: live, number hidden, a message written offline sent once, a scam called out', async ({
  browser,
}) => {
  const landlord = await freshPhone(browser, 'conv-landlord');
  const ad = await createRentAd(landlord.person.session, {
    addressLine: `Road 7, Mirpur 10 ${landlord.person.tag}`,
    details: 'A quiet three-room flat on the fourth floor, with gas, a lift and a generator.',
  });
  const renter = await freshPhone(browser, 'conv-renter');
  const page = renter.page;
  // The phone holds the app's code before it goes offline (decision 0016).
  await waitForSignedInWorker(page);

  await page.goto(`/main/view-rent/${ad._id}`);
  await page.getByRole('button', { name: m.conversations_message_landlord() }).click();
  await page.waitForURL(/\/main\/messages\/[0-9a-f-]{36}$/);
  const conversationId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: landlord.person.name })).toBeVisible();

  // The landlord finds it in their list and opens it.
  await landlord.page.goto('/main/messages');
  await landlord.page.getByRole('link', { name: new RegExp(renter.person.name) }).click();
  await landlord.page.waitForURL(`**/main/messages/${conversationId}`);
  await expect(landlord.page.getByRole('heading', { name: renter.person.name })).toBeVisible();

  // Online: the landlord's open thread shows it without a reload, the number hidden until the renter shares it.
  const composer = page.getByLabel(m.conversations_composer_label());
  await composer.fill('Is the flat still free? Call me on 01711-123456.');
  await page.getByRole('button', { name: m.conversations_send() }).click();
  const landlordThread = landlord.page.locator('.thread');
  const first = landlordThread.locator('.bubble--theirs', { hasText: 'Is the flat still free?' });
  await expect(first).toBeVisible({ timeout: 2000 });
  await expect(first.locator('.bubble__text')).toContainText('•••');
  await expect(first).not.toContainText('01711');
  await expect(first.getByText(m.conversations_masked_note())).toBeVisible();
  // The writer sees what they wrote.
  await expect(page.locator('.bubble--mine', { hasText: '01711-123456' })).toBeVisible();

  // Offline: the message waits on the phone, shown as waiting, and goes once when the phone is back online.
  await renter.context.setOffline(true);
  const offlineText = 'Could I see it on Friday evening, after six?';
  await composer.fill(offlineText);
  await page.getByRole('button', { name: m.conversations_send() }).click();
  const waiting = page.getByTestId('waiting-message');
  await expect(waiting).toContainText(offlineText);
  await renter.context.setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.bubble--mine', { hasText: offlineText })).toHaveCount(1);
  await expect(landlordThread.locator('.bubble--theirs', { hasText: offlineText })).toHaveCount(1, {
    timeout: 5000,
  });
  const stored = await api<MessagesPage>(landlord.person.session, `conversations/${conversationId}/messages`);
  expect(stored.messages.filter((message) => message.text === offlineText)).toHaveLength(1);

  // The landlord asks for an advance by bKash before any visit: the renter is warned, with a way to report it.
  await landlord.page.getByLabel(m.conversations_composer_label()).fill('Send 5000 taka advance by bKash to book it.');
  await landlord.page.getByRole('button', { name: m.conversations_send() }).click();
  const warning = page.getByRole('note').filter({ hasText: m.conversations_warning_rent() });
  await expect(warning).toBeVisible({ timeout: 5000 });
  await expect(warning.getByRole('button', { name: m.moderation_report() })).toBeVisible();
  // The writer is not warned of their own message.
  await expect(landlord.page.getByRole('note')).toHaveCount(0);

  await Promise.all([landlord.context.close(), renter.context.close()]);
});
