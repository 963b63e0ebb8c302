import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';

/** The seeded demo people, verified and ready to sign in (server/seed/demo-data.ts). */
export const demoUsers = DEMO_USERS.map((user) => ({ email: user.email, name: user.name, password: DEMO_PASSWORD }));
export type DemoUser = (typeof demoUsers)[number];

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
