import { expect, test, type Page } from '@playwright/test';
import { m } from '../src/i18n/generated/messages.js';
import { demoUsers, sessionTokenOf, signInAs } from './support/sign-in';
import { waitForSignedInWorker } from './support/service-worker';
import { BASE_URL } from './support/stack';
import { createAccount } from './support/verified-account';

/**
 * A shared phone (issue 38, point 1) in a real browser against the real stack: a person opens their own profile,
 * whose copy the phone keeps for offline; their session then ends in four ways (they sign out; the server revokes
 * it, as "Sign out everywhere" on another phone does; its cookies run out; another person signs in on the phone),
 * and after each nothing of theirs is left on the phone. Last, that other person goes offline and opens the first
 * person's profile: none of the first person's private data shows. (Each way a session ends is also tested without
 * a browser, in src/features/accounts/session/session-ends.test.ts.)
 */

/** Where the page's origin keeps each of `secrets` (an IndexedDB store, localStorage): none, once the person is gone. */
function whereOnPhone(page: Page, secrets: string[]): Promise<string[]> {
  return page.evaluate(async (secrets) => {
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const places: [string, string][] = [['localStorage', JSON.stringify({ ...localStorage })]];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await read(indexedDB.open(name));
      for (const store of db.objectStoreNames) {
        const rows = await read(db.transaction(store).objectStore(store).getAll());
        places.push([`${name}/${store}`, JSON.stringify(rows)]); // Blobs read as {}
      }
      db.close();
    }
    return places.flatMap(([place, text]) =>
      secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${place}`),
    );
  }, secrets);
}

test('a shared phone keeps nothing of a person after their session ends, however it ends', async ({
  page,
  context,
}) => {
  // Her private values, each found nowhere else on the phone.
  const digits = String(Date.now()).slice(-8);
  const nid = `19901234${digits}`;
  const phone = `17${digits}`;
  const street = `House ${digits}, Road 5, Dhanmondi`;
  const ayesha = await createAccount(
    'shared',
    { occupation: 'Teacher', gender: 'Female', nid, phoneNumber: `+880 ${phone}`, street },
    { verified: true },
  );
  const secrets = [ayesha.email, nid, phone, street, '1990-04-14'];
  const expectNothingOfAyesha = async (page: Page) => {
    // Signing out of Firebase may first load it (a cold start): more than the usual 10 s on a busy machine.
    await expect.poll(() => whereOnPhone(page, secrets), { timeout: 30_000 }).toEqual([]);
  };

  const profile = `/main/profile/${ayesha.id}`;
  const opensOwnProfile = async () => {
    await page.goto('/'); // not from the login page a signed-out profile led to, which returns to the profile
    await signInAs(page, ayesha, profile);
    await expect(page.getByText(ayesha.email)).toBeVisible();
    // The phone keeps her record for offline (that is what must leave with her).
    await expect.poll(async () => (await whereOnPhone(page, [nid])).length).toBeGreaterThan(0);
  };

  // 1. She signs out.
  await opensOwnProfile();
  await waitForSignedInWorker(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('You are signed out')).toBeVisible();
  await expectNothingOfAyesha(page);

  // 2. Her session is revoked elsewhere ("Sign out everywhere" on another phone): the next call the page makes gets
  //    401, and the phone ends the session there and then.
  await opensOwnProfile();
  const revoked = await fetch(`${BASE_URL}/api/v1/user/sign-out-everywhere`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await sessionTokenOf(page)}` },
  });
  expect(revoked.status).toBe(200);
  await page.reload();
  await page.waitForURL((url) => url.pathname === '/auth/login');
  expect(await sessionTokenOf(page)).toBeUndefined();
  await expectNothingOfAyesha(page);

  // 3. Her cookies run out (14 days): the app finds them gone when it next starts.
  await opensOwnProfile();
  await context.clearCookies({ name: /^bashaSelf/ });
  await page.reload();
  await expectNothingOfAyesha(page);

  // 4. She signs in again, and then Karim signs in on the same phone while her session is still on it: hers ends,
  //    and he goes offline and opens her profile: he sees none of it.
  await opensOwnProfile();
  const hers = await sessionTokenOf(page);
  await page.goto('/'); // as in opensOwnProfile
  await signInAs(page, demoUsers[1]!);
  await expectNothingOfAyesha(page);
  // Her session ends on the server too (the phone revokes it as Karim's begins).
  const hersOnServer = async () =>
    (await fetch(`${BASE_URL}/api/v1/user/find-info/${ayesha.id}`, { headers: { authorization: `Bearer ${hers}` } }))
      .status;
  await expect.poll(hersOnServer).toBe(401);
  await context.setOffline(true);
  await page.goto(profile);
  await expect(page.getByRole('heading', { name: m.profiles_load_failed() })).toBeVisible();
  for (const secret of [ayesha.email, street, ayesha.name]) {
    await expect(page.locator('body')).not.toContainText(secret);
  }
});
