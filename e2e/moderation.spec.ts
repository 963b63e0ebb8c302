import { expect, test } from '@playwright/test';
import { m } from '../src/i18n/generated/messages.js';
import { cardLink, newPhone, rentCards, someoneElsesAd } from './support/rent-cards';
import { demoModerator, demoUsers, selfIdOf, signedInStatePath } from './support/sign-in';

/**
 * Report and moderate (issue 21, point 4): a person reports a demo ad from its page, the demo moderator finds it on
 * the moderation page (linked from the header menu) and hides it; the ad is then gone from another person's list,
 * its page says it was not found, and the reporter's phone drops it at its next sync. Someone who is not a
 * moderator has no way in.
 */

test.use({ storageState: signedInStatePath(demoUsers[0]!) });

test('a reported ad hidden by the moderator is gone for everyone else and its page is not found', async ({
  page,
  browser,
}) => {
  await page.goto('/main/rent');
  const reporterId = await selfIdOf(page);
  const ad = await someoneElsesAd(page, reporterId);
  await expect(cardLink(page, ad.id).first()).toBeVisible();

  // The reporter flags it from its page, with a reason and a few words.
  await page.goto(`/main/view-rent/${ad.id}`);
  await page.getByRole('button', { name: m.moderation_report_rent() }).click();
  const sheet = page.getByRole('dialog', { name: m.moderation_sheet_title() });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel(m.moderation_reason_scam()).check();
  await sheet
    .getByLabel(m.moderation_details_label())
    .fill('Asked for three months of advance by bKash before a visit.');
  await sheet.getByRole('button', { name: m.moderation_send() }).click();
  await expect(page.getByText(m.moderation_sent())).toBeVisible();
  await expect(sheet).toBeHidden();

  // A second report of the same ad is not filed again: the sheet closes with the server's word for it.
  await page.getByRole('button', { name: m.moderation_report_rent() }).click();
  await sheet.getByLabel(m.moderation_reason_duplicate()).check();
  await sheet.getByRole('button', { name: m.moderation_send() }).click();
  await expect(page.getByText('You have already reported this. A moderator will look at it.')).toBeVisible();

  // The moderator finds it through the header menu and hides it.
  const moderatorPage = await newPhone(browser, demoModerator);
  await moderatorPage.goto('/');
  await moderatorPage.getByRole('button', { name: m.app_menu_open() }).click();
  await moderatorPage.getByRole('link', { name: m.moderation_nav() }).click();
  await moderatorPage.waitForURL('**/main/moderation');
  const item = moderatorPage.getByRole('listitem', { name: `${m.moderation_kind_rent()}: ${ad.address}` });
  await expect(item).toBeVisible();
  await expect(item.getByText(m.moderation_reason_scam())).toBeVisible();
  await expect(item.getByText('Asked for three months of advance')).toBeVisible();
  await item.getByRole('button', { name: m.moderation_hide() }).click();
  await expect(moderatorPage.getByText(m.moderation_hidden_done())).toBeVisible();
  await expect(item).toBeHidden();

  // Another person, who is no moderator: no way onto the moderation page.
  const otherPage = await newPhone(browser, demoUsers[1]!);
  await otherPage.goto('/main/moderation');
  await expect(otherPage.getByText(m.moderation_forbidden())).toBeVisible();
  await otherPage.getByRole('button', { name: m.app_menu_open() }).click();
  await expect(otherPage.getByRole('link', { name: m.app_nav_profile() })).toBeVisible();
  await expect(otherPage.getByRole('link', { name: m.moderation_nav() })).toHaveCount(0);
  await otherPage.getByRole('button', { name: m.app_menu_close() }).click();

  // Their list never shows it, and its page is not found.
  await otherPage.goto('/main/rent');
  await expect(rentCards(otherPage).first()).toBeVisible();
  await expect(cardLink(otherPage, ad.id)).toHaveCount(0);
  await otherPage.goto(`/main/view-rent/${ad.id}`);
  await expect(otherPage.getByText(m.rent_details_not_found())).toBeVisible();

  // The reporter's phone had it in its mirror: the next sync's tombstone takes it out.
  await page.goto('/main/rent');
  await expect(rentCards(page).first()).toBeVisible();
  await expect(cardLink(page, ad.id)).toHaveCount(0);
});
