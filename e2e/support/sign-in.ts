import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO_MODERATOR, DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { m } from '../../src/i18n/generated/messages.js';
import { BASE_URL, E2E_ENV } from './stack';

/** The seeded demo people, verified and ready to sign in (server/seed/demo-data.ts). */
export const demoUsers = DEMO_USERS.map((user) => ({ email: user.email, name: user.name, password: DEMO_PASSWORD }));
export type DemoUser = (typeof demoUsers)[number];
/** The demo moderator (MODERATOR_EMAILS), who posts nothing. */
export const demoModerator: DemoUser = {
  email: DEMO_MODERATOR.email,
  name: DEMO_MODERATOR.name,
  password: DEMO_PASSWORD,
};

/** Signs in through the login page and waits until the app is on `then` (default: the home page). */
export async function signInAs(page: Page, user: { email: string; password: string }, then = '/'): Promise<string> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  if (then !== '/') await page.goto(then);
  const cookies = await page.context().cookies();
  const selfId = cookies.find((cookie) => cookie.name === 'bashaSelfId')?.value;
  if (!selfId) throw new Error('signed in, but no bashaSelfId cookie');
  return selfId;
}

/** The session token cookie, for calling the API as the signed-in person. */
export async function sessionTokenOf(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'bashaSelfToken')?.value;
}

/**
 * Where e2e/setup/signed-in-states.setup.ts keeps a demo person's signed-in phone state, for
 * `test.use({ storageState: signedInStatePath(user) })` or `browser.newContext({ storageState: ... })`.
 */
export function signedInStatePath(user: { email: string }): string {
  return path.join(E2E_ENV.DATA_DIR, 'signed-in', `${user.email}.json`);
}

/** The signed-in person's id (the bashaSelfId cookie) on a page that started from a signed-in state. */
export async function selfIdOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const selfId = cookies.find((cookie) => cookie.name === 'bashaSelfId')?.value;
  if (!selfId) throw new Error('no bashaSelfId cookie: the page did not start signed in');
  return selfId;
}

/** A phone of its own (a new browser context) that starts signed in as the demo person, opened on `path`. */
export async function demoPhone(browser: Browser, user: { email: string }, path = '/') {
  const context = await browser.newContext({ storageState: signedInStatePath(user) });
  const page = await context.newPage();
  await page.goto(path);
  return { page, selfId: await selfIdOf(page) };
}

/**
 * Signs in through the login page as it reads in `locale`, picked on the phone (its cookie), and waits for `/`: for
 * a fresh person, whose account may take the phone's language (never a shared demo person).
 */
export async function signInInLocale(
  page: Page,
  user: { email: string; password: string },
  locale: 'en' | 'bn',
  then = '/',
) {
  await page.context().addCookies([{ name: 'basha-locale', value: locale, url: BASE_URL }]);
  await page.goto('/auth/login');
  await page.getByLabel(m.form_email({}, { locale })).fill(user.email);
  await page.getByLabel(m.accounts_password({}, { locale })).fill(user.password);
  await page.getByRole('button', { name: m.accounts_sign_in_button({}, { locale }) }).click();
  await expect(page.getByText(m.accounts_login_success({}, { locale }))).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  if (then !== '/') await page.goto(then);
}
