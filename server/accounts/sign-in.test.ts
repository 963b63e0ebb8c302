import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../src/domain/constants';
import type { UserRecord } from '../../src/domain/user';
import { ACCOUNT_DISABLED_MESSAGE } from '../auth/identity';
import { sessions } from '../db/schema';
import { testContextForFile, registerUser, signIn, type RegisteredUser } from '../test/test-app';

// Sign-in and its tokens are this file's subject: against the real Auth emulator.
const ctx = testContextForFile({ auth: 'emulator' });

describe('POST /user/sign-in-token/:id', () => {
  it('refuses a request without a Firebase token with 401', async () => {
    const user = await registerUser(ctx, 'notoken');
    const response = await ctx.request('POST', `/api/v1/user/sign-in-token/${user.id}`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, message: 'Please sign in to continue.' });
  });

  it('refuses another user’s Firebase token with 403', async () => {
    const victim = await registerUser(ctx, 'victim');
    const attacker = await registerUser(ctx, 'attacker');
    const response = await ctx.request('POST', `/api/v1/user/sign-in-token/${victim.id}`, { token: attacker.idToken });
    expect(response.status).toBe(403);
    expect(response.body.data).toBeUndefined();
  });

  it('answers 403 for an id that belongs to nobody, without revealing it', async () => {
    const user = await registerUser(ctx, 'nobody');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await ctx.request('POST', `/api/v1/user/sign-in-token/${id}`, { token: user.idToken });
      expect(response.status).toBe(403);
    }
  });

  it('issues a session token to the owner of the profile, stored only as a hash', async () => {
    const user = await registerUser(ctx, 'owner');
    const response = await ctx.request<string>('POST', `/api/v1/user/sign-in-token/${user.id}`, {
      token: await ctx.auth.signIn(user.email),
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Signed in');
    const token = response.body.data ?? '';
    expect(token).toMatch(/^bs_[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token.slice(3));
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(SESSION_LIFETIME_MS);
  });

  it('refuses a disabled Firebase account with 403 and says why', async () => {
    const user = await registerUser(ctx, 'disabled');
    expect((await ctx.request('POST', `/api/v1/user/sign-in-token/${user.id}`, { token: user.idToken })).status).toBe(
      200,
    );
    await ctx.auth.disable(user.uid);
    const response = await ctx.request('POST', `/api/v1/user/sign-in-token/${user.id}`, { token: user.idToken });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, message: ACCOUNT_DISABLED_MESSAGE() });
  });

  it('takes the id in any case: an upper-case id is the same account', async () => {
    const user = await registerUser(ctx, 'capitals');
    const response = await ctx.request('POST', `/api/v1/user/sign-in-token/${user.id.toUpperCase()}`, {
      token: user.idToken,
    });
    expect(response.status).toBe(200);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('does not accept a Basha session token in place of a Firebase token', async () => {
    const user = await registerUser(ctx, 'swap');
    const session = await signIn(ctx, user);
    const response = await ctx.request('POST', `/api/v1/user/sign-in-token/${user.id}`, { token: session });
    expect(response.status).toBe(401);
  });
});

describe('GET /user/find-info/:userId', () => {
  it('shows the owner their whole profile, NID included', async () => {
    const user = await registerUser(ctx, 'self');
    const token = await signIn(ctx, user);
    const response = await ctx.request<UserRecord>('GET', `/api/v1/user/find-info/${user.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ _id: user.id, email: user.email, nid: '1990123456789' });
  });

  it('hides the NID, the Firebase uid and anything secret from other users', async () => {
    const owner = await registerUser(ctx, 'private');
    const viewer = await registerUser(ctx, 'viewer');
    const token = await signIn(ctx, viewer);
    const response = await ctx.request<UserRecord>('GET', `/api/v1/user/find-info/${owner.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body.data?._id).toBe(owner.id);
    expect(response.body.data).not.toHaveProperty('nid');
    const text = JSON.stringify(response.body);
    for (const secret of [owner.uid, '1990123456789', 'otp', 'password', 'firebase'])
      expect(text).not.toContain(secret);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const token = await signIn(ctx, await registerUser(ctx, 'lookup'));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", '%00']) {
      const response = await ctx.request('GET', `/api/v1/user/find-info/${encodeURIComponent(id)}`, { token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        success: false,
        message: 'The user profile you are looking for does not exist.',
      });
    }
  });

  it('needs a Basha session: a Firebase token or a made-up session token get 401, and a visitor 404 for a non-provider', async () => {
    const user = await registerUser(ctx, 'anon');
    expect((await ctx.request('GET', `/api/v1/user/find-info/${user.id}`)).status).toBe(404);
    const tokens = [user.idToken, `bs_${'A'.repeat(43)}`, 'bs_short'];
    for (const token of tokens) {
      const response = await ctx.request('GET', `/api/v1/user/find-info/${user.id}`, token ? { token } : {});
      expect(response.status).toBe(401);
    }
  });

  it('stops accepting a session 14 days after it was issued', async () => {
    const user = await registerUser(ctx, 'expiry');
    const token = await signIn(ctx, user);
    ctx.clock.advance(SESSION_LIFETIME_MS - 1000);
    expect((await ctx.request('GET', `/api/v1/user/find-info/${user.id}`, { token })).status).toBe(200);
    ctx.clock.advance(1000);
    expect((await ctx.request('GET', `/api/v1/user/find-info/${user.id}`, { token })).status).toBe(401);
  });
});

describe('POST /user/sign-out', () => {
  it('revokes the session it was called with, and only that one', async () => {
    const user = await registerUser(ctx, 'signout');
    const phone = await signIn(ctx, user);
    const laptop = await signIn(ctx, user);
    const response = await ctx.request('POST', '/api/v1/user/sign-out', { token: phone });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect((await ctx.request('GET', `/api/v1/user/find-info/${user.id}`, { token: phone })).status).toBe(401);
    expect((await ctx.request('POST', '/api/v1/user/sign-out', { token: phone })).status).toBe(401);
    expect((await ctx.request('GET', `/api/v1/user/find-info/${user.id}`, { token: laptop })).status).toBe(200);
  });
});

describe('POST /user/sign-out-everywhere', () => {
  const profileOf = (user: RegisteredUser, token: string) =>
    ctx.request('GET', `/api/v1/user/find-info/${user.id}`, { token });

  it("ends every session of the caller and their Firebase sign-ins, and no one else's", async () => {
    const user = await registerUser(ctx, 'everywhere');
    const bystander = await registerUser(ctx, 'elsewhere');
    const phone = await signIn(ctx, user);
    const laptop = await signIn(ctx, user);
    const other = await signIn(ctx, bystander);
    // Firebase ends sign-ins from before the second of the revocation, not within it.
    await new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));

    const response = await ctx.request('POST', '/api/v1/user/sign-out-everywhere', { token: phone });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Signed out everywhere' });
    expect((await profileOf(user, phone)).status).toBe(401);
    expect((await profileOf(user, laptop)).status).toBe(401);
    expect((await profileOf(bystander, other)).status).toBe(200);
    // The Firebase ID token of the old sign-in is revoked: no new session from it.
    const stale = await ctx.request('POST', `/api/v1/user/sign-in-token/${user.id}`, { token: user.idToken });
    expect(stale.status).toBe(401);
    // A fresh sign-in works.
    const fresh = await signInWithToken(user, await ctx.auth.signIn(user.email));
    expect((await profileOf(user, fresh)).status).toBe(200);
  });

  it('needs a Basha session', async () => {
    const user = await registerUser(ctx, 'nosession');
    for (const token of [undefined, user.idToken]) {
      const response = await ctx.request('POST', '/api/v1/user/sign-out-everywhere', token ? { token } : {});
      expect(response.status).toBe(401);
    }
  });

  it('changes nothing when Firebase cannot be reached, so it can be tried again', async () => {
    const user = await registerUser(ctx, 'outage');
    const phone = await signIn(ctx, user);
    const spy = vi.spyOn(ctx.identity, 'revokeRefreshTokens').mockRejectedValue(new Error('Firebase unreachable'));
    try {
      const response = await ctx.request('POST', '/api/v1/user/sign-out-everywhere', { token: phone });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        success: false,
        message: 'Sign-in service is unavailable. Please try again shortly.',
      });
    } finally {
      spy.mockRestore();
    }
    expect((await profileOf(user, phone)).status).toBe(200);
  });
});

async function signInWithToken(user: RegisteredUser, idToken: string): Promise<string> {
  const response = await ctx.request<string>('POST', `/api/v1/user/sign-in-token/${user.id}`, { token: idToken });
  expect(response.status).toBe(200);
  return response.body.data ?? '';
}
