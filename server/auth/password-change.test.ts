import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { testContextForFile, registerUser, signIn, type RegisteredUser } from '../test/test-app';
import { ACCOUNT_RECHECK_MS, PASSWORD_CHANGED_MESSAGE } from './account-status';

/**
 * A Basha session ends when the password of its Firebase account changes (issue 17, point 8): within the
 * re-check interval, and at once when the person signs in with the new password. Against the real Auth
 * emulator, the password changed the way the browser changes it (accounts:update with the person's own ID token,
 * through Basha's proxy) or reset from an e-mailed code.
 */

const NEW_PASSWORD = 'a-new-pass-2';

// Against the real Auth emulator: how Firebase moves tokensValidAfterTime is this file's subject.
const ctx = testContextForFile({ auth: 'emulator' });

const profileOf = (user: RegisteredUser, token: string) =>
  ctx.request('GET', `/api/v1/user/find-info/${user.id}`, { token });

async function liveSessions(userId: string) {
  const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
  return rows.filter((row) => row.revokedAt === null).length;
}

/**
 * Firebase keeps sign-in times and tokensValidAfterTime in whole seconds, and a change in the very second of a
 * sign-in does not outdate it (as with Firebase's own tokens): the tests change passwords a second later.
 */
async function nextWholeSecond() {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 10));
}

/** Changes the password as the web SDK's updatePassword does. */
async function changePassword(idToken: string, password: string): Promise<void> {
  const response = await ctx.app.request('/identitytoolkit.googleapis.com/v1/accounts:update?key=any', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!response.ok || !body.idToken) throw new Error(`accounts:update failed: ${JSON.stringify(body)}`);
}

/** Resets the password with a mailed code, as Basha's new-password page does through the proxy. */
async function resetPassword(email: string, password: string): Promise<void> {
  const oobCode = await ctx.identity.passwordResetCode(email);
  const reset = await ctx.app.request('/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=any', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword: password }),
  });
  expect(reset.status).toBe(200);
}

async function signInWith(user: RegisteredUser, idToken: string): Promise<string> {
  const response = await ctx.request<string>('POST', `/api/v1/user/sign-in-token/${user.id}`, { token: idToken });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data ?? '';
}

describe('after a password change', () => {
  it('every older session ends within the re-check interval, saying why', async () => {
    const user = await registerUser(ctx, 'changer');
    const bystander = await registerUser(ctx, 'calm');
    const phone = await signIn(ctx, user);
    const laptop = await signIn(ctx, user);
    const other = await signIn(ctx, bystander);
    expect((await profileOf(user, phone)).status).toBe(200);

    await nextWholeSecond();
    await changePassword(user.idToken, NEW_PASSWORD);
    ctx.clock.advance(ACCOUNT_RECHECK_MS);
    const refused = await profileOf(user, phone);
    expect(refused.status).toBe(401);
    // With a code, so that the app's sign-in page can say why the person was signed out (issue 39, point 8).
    expect(refused.body).toEqual({ success: false, message: PASSWORD_CHANGED_MESSAGE(), code: 'password-changed' });
    // Revoked in the database, so every server process refuses them from now on.
    expect(await liveSessions(user.id)).toBe(0);
    expect((await profileOf(user, laptop)).status).toBe(401);
    expect((await profileOf(bystander, other)).status).toBe(200);

    // Signed in with the new password, the person is welcome, then and at the next check.
    const fresh = await signInWith(user, await ctx.auth.signIn(user.email, NEW_PASSWORD));
    expect((await profileOf(user, fresh)).status).toBe(200);
    ctx.clock.advance(ACCOUNT_RECHECK_MS);
    expect((await profileOf(user, fresh)).status).toBe(200);
  });

  it('signing in with the new password ends the older sessions at once', async () => {
    const user = await registerUser(ctx, 'quick');
    const stolen = await signIn(ctx, user);
    expect((await profileOf(user, stolen)).status).toBe(200); // checked: the next check is an interval away

    await nextWholeSecond();
    await changePassword(user.idToken, NEW_PASSWORD);
    const fresh = await signInWith(user, await ctx.auth.signIn(user.email, NEW_PASSWORD));
    expect((await profileOf(user, stolen)).status).toBe(401);
    expect((await profileOf(user, fresh)).status).toBe(200);
    expect(await liveSessions(user.id)).toBe(1);
  });

  it('a reset from an e-mailed code ends the older sessions too', async () => {
    const user = await registerUser(ctx, 'forgot');
    const phone = await signIn(ctx, user);
    await nextWholeSecond();
    await resetPassword(user.email, NEW_PASSWORD);
    ctx.clock.advance(ACCOUNT_RECHECK_MS);
    const refused = await profileOf(user, phone);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ message: PASSWORD_CHANGED_MESSAGE(), code: 'password-changed' });
  });

  it("does not take a new account's first sessions for outdated ones (the sign-up sets the time too)", async () => {
    const user = await registerUser(ctx, 'newcomer');
    const token = await signIn(ctx, user);
    ctx.clock.advance(ACCOUNT_RECHECK_MS);
    expect((await profileOf(user, token)).status).toBe(200);
    expect(await liveSessions(user.id)).toBe(1);
  });
});
