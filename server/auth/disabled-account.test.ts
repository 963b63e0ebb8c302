import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../db/schema';
import { TEST_FIREBASE_PROJECT_ID } from '../test/global-setup';
import {
  createTestContext,
  newUserPayload,
  registerUser,
  signIn,
  type RegisteredUser,
  type TestContext,
} from '../test/test-app';
import { ACCOUNT_RECHECK_MS } from './account-status';
import { ACCOUNT_DISABLED_MESSAGE } from './identity';

/**
 * A disabled Firebase account gets no new Basha session, and the sessions it already has stop working within
 * ACCOUNT_RECHECK_MS (issue 7, point 6). Against the real Auth emulator, disabled through the admin SDK as a
 * support person would.
 */

let ctx: TestContext;
let adminApp: ReturnType<typeof initializeApp>;
let admin: Auth;
beforeAll(async () => {
  ctx = await createTestContext({ auth: 'emulator' }); // also points firebase-admin at the emulator
  adminApp = initializeApp({ projectId: TEST_FIREBASE_PROJECT_ID }, `support-${randomUUID()}`);
  admin = getAuth(adminApp);
});
afterAll(async () => {
  await deleteApp(adminApp);
  await ctx.close();
});

const profileOf = (user: RegisteredUser, token: string) =>
  ctx.request('GET', `/api/v1/user/find-info/${user.id}`, { token });

async function liveSessions(userId: string) {
  const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
  return rows.filter((row) => row.revokedAt === null).length;
}

describe('a disabled Firebase account', () => {
  it('gets no session: sign-in-token answers 403 and says why', async () => {
    const user = await registerUser(ctx, 'off');
    await admin.updateUser(user.uid, { disabled: true });
    const response = await ctx.request('POST', `/api/v1/user/sign-in-token/${user.id}`, { token: user.idToken });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, message: ACCOUNT_DISABLED_MESSAGE() });
    expect(await liveSessions(user.id)).toBe(0);
  });

  it('cannot register a profile either', async () => {
    const account = await ctx.auth.signUp();
    await admin.updateUser(account.uid, { disabled: true });
    const response = await ctx.request('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: newUserPayload(account.email),
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(ACCOUNT_DISABLED_MESSAGE());
  });

  it('loses every session it already had within the re-check interval', async () => {
    const user = await registerUser(ctx, 'later-off');
    const bystander = await registerUser(ctx, 'bystander');
    const phone = await signIn(ctx, user);
    const laptop = await signIn(ctx, user);
    const other = await signIn(ctx, bystander);
    expect((await profileOf(user, phone)).status).toBe(200);

    await admin.updateUser(user.uid, { disabled: true });
    ctx.clock.advance(ACCOUNT_RECHECK_MS);
    const refused = await profileOf(user, phone);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, message: ACCOUNT_DISABLED_MESSAGE() });
    // Both sessions are revoked in the database, so every server process refuses them from now on.
    expect(await liveSessions(user.id)).toBe(0);
    expect((await profileOf(user, laptop)).status).toBe(401);
    expect((await profileOf(bystander, other)).status).toBe(200);

    // Enabled again, the person signs in afresh; the old sessions stay ended.
    await admin.updateUser(user.uid, { disabled: false });
    const fresh = await signIn(ctx, user);
    expect((await profileOf(user, fresh)).status).toBe(200);
    expect((await profileOf(user, phone)).status).toBe(401);
  });

  it('ends the sessions of a deleted Firebase account too', async () => {
    const user = await registerUser(ctx, 'deleted');
    const token = await signIn(ctx, user);
    await admin.deleteUser(user.uid);
    ctx.clock.advance(ACCOUNT_RECHECK_MS);
    expect((await profileOf(user, token)).status).toBe(401);
    expect(await liveSessions(user.id)).toBe(0);
  });
});

describe('the account check', () => {
  it('asks Firebase at most once per user per interval, not on every request', async () => {
    const user = await registerUser(ctx, 'busy');
    const token = await signIn(ctx, user);
    ctx.clock.advance(ACCOUNT_RECHECK_MS);
    const spy = vi.spyOn(ctx.identity, 'accountStatus');
    try {
      for (let i = 0; i < 5; i += 1) expect((await profileOf(user, token)).status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
      ctx.clock.advance(ACCOUNT_RECHECK_MS);
      expect((await profileOf(user, token)).status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps serving sessions when Firebase cannot be asked, and logs it', async () => {
    const user = await registerUser(ctx, 'outage');
    const token = await signIn(ctx, user);
    ctx.clock.advance(ACCOUNT_RECHECK_MS);
    const spy = vi.spyOn(ctx.identity, 'accountStatus').mockRejectedValue(new Error('Firebase unreachable'));
    const errorsBefore = ctx.logger.errors.length;
    try {
      expect((await profileOf(user, token)).status).toBe(200);
      expect(ctx.logger.errors.length).toBe(errorsBefore + 1);
    } finally {
      spy.mockRestore();
    }
  });
});
