import { expect, test, type Locator, type Page } from '@playwright/test';
import { m } from '../src/i18n/generated/messages.js';
import { toBanglaDigits } from '../src/i18n/digits';
import { rentCards } from './support/rent-cards';
import { waitForServiceWorker } from './support/service-worker';
import { sessionTokenOf } from './support/sign-in';
import { lastSmsSession, smsCodeFor } from './support/sms-codes';
import { BASE_URL } from './support/stack';
import { createPhoneAccount } from './support/verified-account';

/**
 * Issue 40: a visitor browses without an account, in English and in Bangla. The rent list, a rent ad, a service
 * category and a provider open signed out, with no phone number until "Show number" is tapped; after one visit they
 * open again offline (the mirrors work for visitors); Save asks the visitor to sign in, which they do with their
 * phone number and the SMS code (the demo stack's Auth emulator lists the codes it issued), and the save completes
 * once they are back on the ad.
 */

const telLinks = (within: Page | Locator) => within.locator('a[href^="tel:"]');

for (const locale of ['en', 'bn'] as const) {
  const say = { locale };
  test(`a visitor browses both lists and a detail, opens them again offline, and a Save completes after signing in by phone (${locale})`, async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'basha-locale', value: locale, url: BASE_URL }]);
    let adPath = '';
    await test.step('the rent list and an ad open signed out, without numbers until Show number', async () => {
      await page.goto('/main/rent');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(rentCards(page).first()).toBeVisible();
      await expect(telLinks(page)).toHaveCount(0);
      // "Posted by: You" means someone: not offered to a visitor.
      await expect(page.getByLabel(m.rent_filter_posted_by({}, say))).toHaveCount(0);
      await rentCards(page).first().getByRole('link').first().click();
      await page.waitForURL('**/main/view-rent/**');
      adPath = new URL(page.url()).pathname;
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(telLinks(page)).toHaveCount(0);
      await page.getByRole('button', { name: m.share_show_number({}, say) }).click();
      await expect(telLinks(page).first()).toHaveAttribute('href', /^tel:\+8801\d{9}$/);
    });

    await test.step('a service category and a provider open signed out; reviewing asks to sign in', async () => {
      await page.goto('/main/find-service/all');
      const cards = page.locator('.service-card');
      await expect(cards.first()).toBeVisible();
      await expect(telLinks(page)).toHaveCount(0);
      await cards
        .first()
        .getByRole('button', { name: m.share_show_number({}, say) })
        .click();
      await expect(telLinks(cards.first())).toHaveCount(1);
      // The provider's name leads a visitor to the provider's page.
      await cards.first().locator('a[href^="/main/prof-profile/"]').click();
      await page.waitForURL('**/main/prof-profile/**');
      await expect(page.getByRole('heading', { name: m.services_offered_title({}, say) })).toBeVisible();
      await page.locator('.offered-service__actions button').first().click();
      const toDo = m.services_to_do_review({}, say);
      await expect(page.getByRole('dialog').getByText(m.ui_sign_in_to({ toDo }, say))).toBeVisible();
      await page.keyboard.press('Escape');
    });

    await test.step('offline, the lists and the ad open again from the phone', async () => {
      await waitForServiceWorker(page);
      await page.goto('/main/rent');
      await expect(rentCards(page).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      await page.reload();
      await expect(rentCards(page).first()).toBeVisible();
      await page.goto(adPath);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goto('/main/find-service/all');
      await expect(page.locator('.service-card').first()).toBeVisible();
      await context.setOffline(false);
    });

    await test.step('Save asks to sign in; a number and its SMS code later, the save completes on the ad', async () => {
      // Someone who signed up with their number before (no e-mail); today they sign in with it on this phone.
      const person = await createPhoneAccount(`Visitor ${locale}`);
      await page.goto(adPath);
      const heart = page.locator('.rent-details__summary .save-heart');
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await page.waitForURL('**/auth/login');
      await page.getByRole('link', { name: m.accounts_phone_continue({}, say) }).click();
      // Typed as people type it: with a dash, and on a Bangla phone in Bangla digits.
      const typed = `${person.phone.national.slice(0, 5)}-${person.phone.national.slice(5)}`;
      const before = await lastSmsSession(person.phone.e164);
      await page.getByLabel(m.accounts_phone_label({}, say)).fill(locale === 'bn' ? toBanglaDigits(typed) : typed);
      await page.getByRole('button', { name: m.accounts_phone_send_code({}, say) }).click();
      await page.waitForURL('**/auth/phone/code');
      await page.getByLabel(m.accounts_otp_label({}, say)).fill(await smsCodeFor(person.phone.e164, before));
      await page.getByRole('button', { name: m.accounts_verify_button({}, say) }).click();
      await page.waitForURL(`**${adPath}`);
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      // On the account, not only on the phone.
      const token = await sessionTokenOf(page);
      const adId = adPath.split('/').pop()!;
      await expect
        .poll(async () => {
          const saved = await page.request.get('/api/v1/saved', { headers: { Authorization: `Bearer ${token}` } });
          return JSON.stringify(await saved.json());
        })
        .toContain(adId);
    });
  });
}
