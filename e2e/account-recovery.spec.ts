import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { mailsFor, readOtp } from './support/mailbox';
import { sessionTokenOf, signInAs } from './support/sign-in';
import { waitForSignedInWorker } from './support/service-worker';
import { BASE_URL } from './support/stack';
import { createAccount, createVerifiedAccount } from './support/verified-account';

/**
 * Getting back into an account, and leaving it behind safely (issue 24, points 7, 8, 13 and 15): a password reset
 * mailed by Basha with a link to its own page; the verification page surviving a reload; and signing out of a
 * shared phone with posts still waiting, offline.
 */

const SENT = 'Password reset link sent to your email. Please check your inbox or spam folder.';

/** The newest mail to the address with this subject, once maildev has it. */
async function mailWithSubject(address: string, subject: string) {
  let found: Awaited<ReturnType<typeof mailsFor>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsFor(address)).find((mail) => mail.subject === subject);
        return found;
      },
      { message: `a "${subject}" mail for ${address}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

async function requestReset(page: Page, email: string) {
  await page.goto('/auth/reset-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await page.waitForURL('**/auth/login');
}

test('a forgotten password is reset from the mailed link, on Basha’s own page, and the new one signs in', async ({
  page,
}) => {
  const person = await createVerifiedAccount('forgot', { occupation: 'Tutor', gender: 'Female' });
  const stranger = `nobody.${randomUUID().slice(0, 8)}@example.com`;

  // An unknown address gets the very same answer, and no mail.
  await requestReset(page, stranger);
  await requestReset(page, person.email);

  const mail = await mailWithSubject(person.email, 'Reset your Basha password');
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
  expect(link.startsWith(`${BASE_URL}/auth/new-password?oobCode=`)).toBe(true);
  expect(await mailsFor(stranger)).toEqual([]);

  await page.goto(link);
  await expect(page.getByText(`For the Basha account ${person.email}.`)).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('new');
  await page.getByLabel('Confirm New Password').fill('new');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('secret-1');
  await page.getByLabel('Confirm New Password').fill('secret-2');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  const newPassword = `renewed-${person.tag}`;
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(
    page.getByText('Your password has been changed. Please sign in with your new password.').first(),
  ).toBeVisible();
  await page.waitForURL('**/auth/login');

  // The old password no longer works; the new one does. The link works once.
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Firebase login failed. Check your credentials again.').first()).toBeVisible();
  await signInAs(page, { email: person.email, password: newPassword });

  await page.goto(link);
  await expect(
    page.getByText('This reset link has expired or has already been used. Please ask for a new one.'),
  ).toBeVisible();
});

test('the code box survives a reload, a wrong code says the tries left once, and a verified person lands in the app', async ({
  page,
}) => {
  const person = await createAccount('reload', { occupation: 'Painter', gender: 'Male' }, { verified: false });
  await signInAs(page, person, `/main/profile/${person.id}`);

  // The way back to verification, from the profile and from the header.
  await expect(
    page.getByText('Verify your email or phone number to post rent ads, offer services and leave reviews.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Verify email' }).click({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/auth/otp-validate/${person.id}$`));

  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('OTP sent to your email')).toBeVisible();
  const code = await readOtp(person.email);

  // Switching to the mail app reloaded the page; so does opening it anew in this tab's place.
  await page.reload();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await expect(page.getByText(/You can resend the code in \d+s/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send OTP' })).toHaveCount(0);
  await page.evaluate(() => sessionStorage.clear()); // the server alone knows it now
  await page.reload();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await expect(page.getByText('We sent a code to your email. Enter it below.')).toBeVisible();

  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid OTP. 4 tries left.')).toBeVisible();
  await expect(page.getByText(/Invalid OTP\./)).toHaveCount(1);

  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Account verified successfully').first()).toBeVisible();
  await page.waitForURL('**/main/rent');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Verify email' })).toHaveCount(0);
});

test('signing out offline warns of a waiting post, clears the badge, and ends the server session once online', async ({
  page,
  context,
}) => {
  const person = await createVerifiedAccount('shared', { occupation: 'Teacher', gender: 'Female' });
  await signInAs(page, person, '/main/find-service/electrician');
  await waitForSignedInWorker(page);
  const token = (await sessionTokenOf(page))!;
  const card = page.locator('article.service-card').first();
  await expect(card).toBeVisible();

  await context.setOffline(true);
  await card.getByRole('button', { name: /^See Reviews/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '5 stars' }).check();
  await dialog.getByLabel('Feedback').fill(`Friendly and careful work ${person.tag}.`);
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByText(/You are offline\. Your review is saved/).first()).toBeVisible();
  await expect(dialog).toBeHidden(); // the review dialog closes once the review is saved
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  const warning = page.getByRole('dialog', { name: 'A post has not been sent yet' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();
  expect(await sessionTokenOf(page)).toBe(token);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await warning.getByRole('button', { name: 'Sign out, send later' }).click();
  await expect(page.getByText('You are signed out')).toBeVisible();
  expect(await sessionTokenOf(page)).toBeUndefined();
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);

  // Offline, the server could not be told: the session still works there until the phone is back online.
  const profile = () =>
    fetch(`${BASE_URL}/api/v1/user/find-info/${person.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect((await profile()).status).toBe(200);
  await context.setOffline(false);
  await expect.poll(async () => (await profile()).status, { timeout: 15_000 }).toBe(401);
});
