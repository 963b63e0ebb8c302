import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import {
  createTestContext,
  registerUser,
  secondInstance,
  signIn,
  type RegisteredUser,
  type SecondInstance,
  type TestContext,
} from '../test/test-app';
import { SESSION_CACHE_MAX_ENTRIES, SESSION_CACHE_MS, SessionCache } from './session-cache';
import type { ActiveSession } from './sessions';

/**
 * Sessions are checked against a short-lived cache of each server process (server/auth/session-cache.ts): the
 * process that ends a session refuses it from the next request on, another process within SESSION_CACHE_MS.
 * Two app instances over one database stand for two processes (on PGlite they share the one handle, and with it
 * the cache: there both refuse at once).
 */

let a: TestContext;
let b: SecondInstance;
beforeAll(async () => {
  a = await createTestContext();
  b = await secondInstance(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const profileVia = (through: { request: TestContext['request'] }, user: RegisteredUser, token: string) =>
  through.request('GET', `/api/v1/user/find-info/${user.id}`, { token }).then((answer) => answer.status);

describe('the session cache of a process', () => {
  it('serves a session ended behind its back for at most SESSION_CACHE_MS, without asking the database', async () => {
    const user = await registerUser(a, 'cached');
    const token = await signIn(a, user);
    expect(await profileVia(a, user, token)).toBe(200);
    // Ended straight in the database, as a process that has no cache would leave it.
    await a.db.update(sessions).set({ revokedAt: a.clock.now() }).where(eq(sessions.userId, user.id));
    expect(await profileVia(a, user, token)).toBe(200);
    a.clock.advance(SESSION_CACHE_MS);
    expect(await profileVia(a, user, token)).toBe(401);
  });

  it('ends a signed-out session at once where it signed out, and within SESSION_CACHE_MS elsewhere', async () => {
    const user = await registerUser(a, 'leaver');
    const token = await signIn(a, user);
    expect(await profileVia(a, user, token)).toBe(200);
    expect(await profileVia(b, user, token)).toBe(200);
    expect((await a.request('POST', '/api/v1/user/sign-out', { token })).status).toBe(200);
    expect(await profileVia(a, user, token)).toBe(401);
    a.clock.advance(SESSION_CACHE_MS);
    expect(await profileVia(b, user, token)).toBe(401);
  });

  it('ends every session of a user at once on "sign out everywhere", in the process that did it', async () => {
    const user = await registerUser(a, 'everywhere');
    const phone = await signIn(a, user);
    const laptop = await signIn(a, user);
    expect(await profileVia(b, user, phone)).toBe(200);
    expect(await profileVia(b, user, laptop)).toBe(200);
    expect((await b.request('POST', '/api/v1/user/sign-out-everywhere', { token: phone })).status).toBe(200);
    expect(await profileVia(b, user, laptop)).toBe(401);
    expect(await profileVia(b, user, phone)).toBe(401);
  });
});

const session = (id: string, userId = 'user-1'): ActiveSession => ({
  id,
  userId,
  firebaseUid: `uid-${userId}`,
  signedInAt: new Date(0),
  contactVerified: true,
});

describe('SessionCache', () => {
  it('keeps an entry SESSION_CACHE_MS at most, and never past the session expiry', () => {
    const cache = new SessionCache();
    cache.store(cache.ticket(), 'h1', session('s1'), 1_000_000, 0);
    cache.store(cache.ticket(), 'h2', session('s2'), 1000, 0);
    expect(cache.get('h1', SESSION_CACHE_MS - 1)?.id).toBe('s1');
    expect(cache.get('h1', SESSION_CACHE_MS)).toBeUndefined();
    expect(cache.get('h2', 999)?.id).toBe('s2');
    expect(cache.get('h2', 1000)).toBeUndefined();
  });

  it('does not store what a lookup read before a session was forgotten', () => {
    const cache = new SessionCache();
    const ticket = cache.ticket();
    cache.forgetUser('user-1');
    cache.store(ticket, 'h1', session('s1'), 1_000_000, 0);
    expect(cache.get('h1', 1)).toBeUndefined();
  });

  it('forgets by session and by user', () => {
    const cache = new SessionCache();
    cache.store(cache.ticket(), 'h1', session('s1', 'u1'), 1_000_000, 0);
    cache.store(cache.ticket(), 'h2', session('s2', 'u1'), 1_000_000, 0);
    cache.store(cache.ticket(), 'h3', session('s3', 'u2'), 1_000_000, 0);
    cache.forgetSession('s1');
    expect(cache.get('h1', 1)).toBeUndefined();
    expect(cache.get('h2', 1)?.id).toBe('s2');
    cache.forgetUser('u1');
    expect(cache.get('h2', 1)).toBeUndefined();
    expect(cache.get('h3', 1)?.id).toBe('s3');
  });

  it(`holds at most ${SESSION_CACHE_MAX_ENTRIES} entries, the oldest going first`, () => {
    const cache = new SessionCache();
    for (let n = 0; n <= SESSION_CACHE_MAX_ENTRIES; n += 1) {
      cache.store(cache.ticket(), `h${n}`, session(`s${n}`), 1_000_000, 0);
    }
    expect(cache.get('h0', 1)).toBeUndefined();
    expect(cache.get('h1', 1)?.id).toBe('s1');
    expect(cache.get(`h${SESSION_CACHE_MAX_ENTRIES}`, 1)).toBeDefined();
  });
});
