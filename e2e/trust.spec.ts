import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';
import { createAccount } from './support/verified-account';

/**
 * Trust and safety as a person meets it (issue 17): an account without a verified e-mail is told so before it
 * fills a posting form, with a way to the verification page; and another person's profile shows only what is
 * public.
 */

test('a new account is asked to verify its e-mail before it posts, and sees only what is public of others', async ({
  page,
}) => {
  const person = await createAccount('unverified', { occupation: 'Teacher', gender: 'Female' }, { verified: false });
  await signInAs(page, person, '/main/add-rent');
  const notice = page.getByRole('status').filter({ hasText: 'Verify your email or phone number to post a rental ad.' });
  await expect(notice).toBeVisible();
  await expect(page.getByLabel('Rent Amount (BDT)')).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('add-rent-unverified.png'), fullPage: true });

  await page.goto('/main/offer-service');
  await expect(page.getByText('Verify your email or phone number to offer a service.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add New Service' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Verify my email' }).click();
  await expect(page).toHaveURL(new RegExp(`/auth/otp-validate/${person.id}$`));

  // Another person's profile shows the public profile, never their e-mail, birthday or street.
  const other = await createAccount('private', { occupation: 'Electrician', gender: 'Male' }, { verified: true });
  await page.goto(`/main/profile/${other.id}`);
  await expectPublicProfileOnly(page, other);
});

async function expectPublicProfileOnly(page: Page, person: { name: string; email: string }) {
  await expect(page.getByRole('heading', { name: person.name })).toBeVisible();
  await expect(page.getByText('Member since')).toBeVisible();
  await expect(page.locator('dd', { hasText: 'Dhaka' })).toBeVisible();
  await expect(page.getByText(person.email)).toHaveCount(0);
  await expect(page.getByText('14 April 1990')).toHaveCount(0);
  await expect(page.getByText('House 12, Road 5, Dhanmondi')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('public-profile.png'), fullPage: true });
}
