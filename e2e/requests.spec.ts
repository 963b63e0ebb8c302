import { expect, test, type Browser } from '@playwright/test';
import { dhakaDate, addDays } from '../src/domain/request-status';
import { m } from '../src/i18n/generated/messages.js';
import { mailsFor } from './support/mailbox';
import { api, createRentAd } from './support/rent-ad-api';
import { createService } from './support/service-api';
import { waitForSignedInWorker } from './support/service-worker';
import { signInInLocale } from './support/sign-in';
import { createVerifiedAccount } from './support/verified-account';

/**
 * Requests (issue 41): a renter asks a landlord for a visit and the landlord declines it; a customer on a Bangla
 * phone asks a provider for a job while offline, the provider accepts, the job is marked done, and the customer's
 * review is marked "Hired on Basha". Fresh people on both sides: a request changes what each of them sees.
 */

type Locale = 'en' | 'bn';

/** A fresh verified person signed in on a phone of their own, in `locale`. */
async function freshPhone(browser: Browser, label: string, locale: Locale) {
  const person = await createVerifiedAccount(label, { occupation: 'Engineer', gender: 'Female' });
  const context = await browser.newContext({ locale: locale === 'bn' ? 'bn-BD' : 'en-US' });
  const page = await context.newPage();
  await signInInLocale(page, person, locale);
  return { person, context, page };
}

interface SeenRequest {
  _id: string;
  status: string;
  reason?: string;
}

test('a renter asks for a visit, the landlord declines it with a reason, and both are told', async ({ browser }) => {
  const landlord = await freshPhone(browser, 'req-landlord', 'en');
  const ad = await createRentAd(landlord.person.session, {
    addressLine: `Road 3, Mohammadpur ${landlord.person.tag}`,
    details: 'A bright two-room flat near the bus stand, with gas and a lift.',
  });
  const renter = await freshPhone(browser, 'req-renter', 'en');
  const page = renter.page;

  await page.goto(`/main/view-rent/${ad._id}`);
  await page.getByRole('button', { name: m.requests_ask_visit() }).click();
  const sheet = page.getByRole('dialog', { name: m.requests_ask_visit() });
  await sheet.getByLabel(m.requests_date_label()).fill(addDays(dhakaDate(new Date()), 2));
  await sheet.getByRole('radio', { name: m.requests_time_afternoon() }).check();
  await sheet.getByLabel(m.requests_note_label()).fill('Two of us would like to see the flat after work.');
  await sheet.getByRole('button', { name: m.requests_send() }).click();
  await expect(sheet.getByText(m.server_requests_sent())).toBeVisible();
  await sheet.getByRole('link', { name: m.requests_title() }).click();
  await page.waitForURL('**/main/requests');
  const mine = page.getByRole('article', { name: `${m.requests_kind_visit()}: ${landlord.person.name}` });
  await expect(mine.locator('.request-status')).toHaveText(m.requests_status_requested());

  // The landlord is told by mail, and finds it on My requests, asked of them.
  await expect
    .poll(async () => (await mailsFor(landlord.person.email)).map((mail) => mail.subject))
    .toContain(m.mail_request_new_subject());
  await landlord.page.goto('/main/requests?as=owner');
  const card = landlord.page.getByRole('article', { name: `${m.requests_kind_visit()}: ${renter.person.name}` });
  await expect(card.locator('.request-status')).toHaveText(m.requests_status_requested());
  await expect(card.getByText('Two of us would like to see the flat after work.')).toBeVisible();
  // Declining is the owner's way to say no: Cancel is not offered beside it.
  await expect(card.getByRole('button', { name: m.requests_action_cancel() })).toHaveCount(0);
  await card.getByRole('button', { name: m.requests_action_decline() }).click();
  await card.getByLabel(m.requests_reason_label()).fill('The flat was let this morning, sorry.');
  await card.getByRole('button', { name: m.requests_action_decline() }).click();
  await expect(card.locator('.request-status')).toHaveText(m.requests_status_declined());
  // Nothing is left to answer; the two can still talk in the request's thread.
  await expect(card.locator('.request-card__actions button')).toHaveCount(0);
  await expect(
    card.getByRole('button', { name: m.requests_message_label({ name: renter.person.name }) }),
  ).toBeVisible();

  // The renter is told by mail and sees it, with the reason, on their own list.
  await expect
    .poll(async () => (await mailsFor(renter.person.email)).map((mail) => mail.subject))
    .toContain(m.mail_request_answer_subject({ status: m.requests_status_declined() }));
  await page.reload();
  await expect(mine.locator('.request-status')).toHaveText(m.requests_status_declined());
  await expect(mine.locator('dd', { hasText: 'The flat was let this morning, sorry.' })).toBeVisible();
  const seen = await api<SeenRequest[]>(renter.person.session, 'requests?as=customer');
  expect(seen.map((request) => [request.status, request.reason])).toEqual([
    ['declined', 'The flat was let this morning, sorry.'],
  ]);
  await landlord.context.close();
  await renter.context.close();
});

test('a customer on a Bangla phone asks for a job while offline; it goes once, is accepted and done, and the review says Hired on Basha', async ({
  browser,
}) => {
  const bn = { locale: 'bn' } as const;
  const provider = await freshPhone(browser, 'req-provider', 'en');
  const service = await createService(provider.person.session, provider.person.id, {
    category: 'Electrician',
    description: 'Wiring, ceiling fans and switch boards fixed the same day, with a written bill.',
    servicePlaceIds: ['ar-dhanmondi', 'ar-mohammadpur'],
  });
  const customer = await freshPhone(browser, 'req-customer', 'bn');
  const page = customer.page;
  // The phone holds the app's code before it goes offline (decision 0016).
  await waitForSignedInWorker(page);
  await page.goto(`/main/prof-profile/${provider.person.id}`);
  const ask = page.getByRole('button', { name: m.requests_ask_service({}, bn) });
  await expect(ask).toBeVisible();

  await customer.context.setOffline(true);
  await ask.click();
  const sheet = page.getByRole('dialog', { name: m.requests_ask_service({}, bn) });
  await sheet.getByLabel(m.requests_date_label({}, bn)).fill(dhakaDate(new Date()));
  await sheet.getByRole('radio', { name: m.requests_time_morning({}, bn) }).check();
  await sheet.getByLabel(m.requests_place_label({}, bn)).selectOption('ar-dhanmondi');
  await sheet
    .getByLabel(m.requests_note_label({}, bn))
    .fill('রান্নাঘরের সুইচবোর্ড থেকে ধোঁয়া বের হচ্ছে, আজ সকালে আসতে পারবেন?');
  // Typed in Bangla digits, as a Bangla keyboard gives them.
  await sheet.getByLabel(/৳|টাকা/).fill('১২০০');
  await sheet.getByRole('button', { name: m.requests_send({}, bn) }).click();
  await expect(sheet.getByText(m.requests_queued_next({}, bn))).toBeVisible();
  await sheet.getByRole('link', { name: m.requests_title({}, bn) }).click();
  await page.waitForURL('**/main/requests');
  const waiting = page.getByRole('article', {
    name: `${m.requests_kind_service({}, bn)}: ${m.requests_your_request({}, bn)}`,
  });
  await expect(waiting.getByText(m.common_waiting_to_send({}, bn))).toBeVisible();

  // Back online, the outbox sends it once, and the card becomes the server's.
  await customer.context.setOffline(false);
  const mine = page.getByRole('article', { name: `${m.requests_kind_service({}, bn)}: ${provider.person.name}` });
  await expect(mine.locator('.request-status')).toHaveText(m.requests_status_requested({}, bn), { timeout: 30_000 });
  await expect(waiting).toHaveCount(0);
  const sent = await api<SeenRequest[]>(customer.person.session, 'requests?as=customer');
  expect(sent.map((request) => request.status)).toEqual(['requested']);

  // The provider's header counts it; they accept it at a price within the service's range.
  await provider.page.goto('/main/requests?as=owner');
  // On a phone the link is in the closed menu, whose button shows a dot.
  const menuButton = provider.page.getByRole('button', { name: m.app_menu_open() });
  await expect
    .poll(() => menuButton.evaluate((button) => getComputedStyle(button, '::after').content), { timeout: 20_000 })
    .not.toBe('none');
  await menuButton.click();
  await expect(provider.page.getByRole('link', { name: m.requests_waiting_label({ count: '1' }) })).toBeVisible();
  await provider.page.getByRole('button', { name: m.app_menu_close() }).click();
  const asked = provider.page.getByRole('article', { name: `${m.requests_kind_service()}: ${customer.person.name}` });
  await asked.getByRole('button', { name: m.requests_action_accept() }).click();
  await asked.getByLabel(m.requests_accept_price_label()).fill('1500');
  await asked.getByRole('button', { name: m.requests_action_accept() }).click();
  await expect(asked.locator('.request-status')).toHaveText(m.requests_status_accepted());

  // Its date is today: the customer marks it done, and the provider sees it so.
  await page.reload();
  await expect(mine.locator('.request-status')).toHaveText(m.requests_status_accepted({}, bn));
  await expect(mine.locator('dd.price', { hasText: '৳১,৫০০' })).toBeVisible();
  await mine.getByRole('button', { name: m.requests_action_done({}, bn) }).click();
  await expect(mine.locator('.request-status')).toHaveText(m.requests_status_done({}, bn));
  await provider.page.reload();
  await expect(asked.locator('.request-status')).toHaveText(m.requests_status_done());
  await expect(asked.locator('.request-card__actions button')).toHaveCount(0);

  // The customer's review of the service is marked as one from a customer who hired on Basha.
  await page.goto(`/main/profile/${provider.person.id}`);
  await page.getByRole('button', { name: m.profiles_leave_review({}, bn) }).click();
  const dialog = page.getByRole('dialog', { name: m.reviews_share_feedback({}, bn) });
  await dialog.getByRole('radio', { name: m.reviews_stars({ count: '৫' }, bn) }).check();
  await dialog.getByLabel(m.reviews_feedback({}, bn)).fill('সময়মতো এসে পুরো সুইচবোর্ড বদলে দিয়েছেন, খুব যত্নের কাজ।');
  await dialog.getByRole('button', { name: m.reviews_submit_feedback({}, bn) }).click();
  await expect(page.getByText(m.reviews_thank_you({}, bn)).first()).toBeVisible();
  const reviewed = await api<{ ratings: { hiredOnBasha?: boolean }[]; hiredOnBashaCount?: number }>(
    customer.person.session,
    `profession/view-details/${service._id}`,
  );
  expect(reviewed.ratings.map((rating) => rating.hiredOnBasha)).toEqual([true]);
  await page.goto(`/main/prof-profile/${provider.person.id}`);
  await expect(page.getByText(m.ui_hired_only_review({}, bn))).toBeVisible();
  await provider.context.close();
  await customer.context.close();
});
