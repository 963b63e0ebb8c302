import { Hono } from 'hono';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema';
import { createTestContext, registerUser, signIn, type RegisteredUser, type TestContext } from '../test/test-app';
import { REFUSED_SIGN_INS_PER_ADDRESS, SIGN_IN_LIMIT_PER_ACCOUNT } from './limits';
import { clientAddress } from './rate-limit';

let t: TestContext;
beforeAll(async () => {
  // Behind one proxy, so that each test request can come from an address of its own (X-Forwarded-For).
  t = await createTestContext({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

const TEN_MINUTES_MS = 10 * 60 * 1000;
/** Limits count in fixed windows: start each test at the top of one so its requests share it. */
function startOfWindow(windowMs = TEN_MINUTES_MS) {
  t.clock.advance(windowMs - (t.clock.now().getTime() % windowMs));
}

function signInToken(id: string, from: string, token?: string) {
  return t.request('POST', `/api/v1/user/sign-in-token/${id}`, {
    headers: { 'x-forwarded-for': from },
    ...(token ? { token } : {}),
  });
}

async function counterBuckets(prefix: string): Promise<string[]> {
  const rows = await t.db
    .select({ bucket: rateLimitCounters.bucket })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.bucket, `${prefix}%`));
  return rows.map((row) => row.bucket);
}

describe('sign-in-token limits', () => {
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  beforeAll(async () => {
    owner = await registerUser(t, 'limit-owner');
    stranger = await registerUser(t, 'limit-stranger');
  });

  it("a stranger's tokenless and foreign-token calls do not lock the owner out", async () => {
    startOfWindow();
    const strangerAddress = '203.0.113.9';
    const tokenless: number[] = [];
    for (let i = 0; i < 25; i++) tokenless.push((await signInToken(owner.id, strangerAddress)).status);
    expect(tokenless).toEqual(Array(25).fill(401));
    const foreign: number[] = [];
    for (let i = 0; i < 25; i++) foreign.push((await signInToken(owner.id, strangerAddress, stranger.idToken)).status);
    // Refusals count per address: the stranger's 31st is answered 429.
    const allowed = REFUSED_SIGN_INS_PER_ADDRESS - 25;
    expect(foreign).toEqual([...Array(allowed).fill(403), ...Array(25 - allowed).fill(429)]);

    // The owner signs in, from their own address and even from the stranger's.
    expect((await signInToken(owner.id, '198.51.100.4', owner.idToken)).status).toBe(200);
    expect((await signInToken(owner.id, strangerAddress, owner.idToken)).status).toBe(200);
    // The stranger's calls counted against the stranger's address and account, never the owner's.
    const ownerCounters = await t.db
      .select({ bucket: rateLimitCounters.bucket, count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.bucket, `%${owner.uid}%`));
    expect(ownerCounters).toEqual([{ bucket: `sign-in-token:${owner.uid}`, count: 2 }]);
    expect(await counterBuckets(`%${owner.id}`)).toEqual([]);
  });

  it('the address limit answers 429 with Retry-After, other addresses go on, and the next window opens', async () => {
    startOfWindow();
    const prober = '203.0.113.20';
    for (let i = 0; i < REFUSED_SIGN_INS_PER_ADDRESS; i++) {
      const forged = i % 2 === 0 ? undefined : 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
      expect((await signInToken(crypto.randomUUID(), prober, forged)).status).toBe(401);
    }
    const refused = await signInToken(owner.id, prober);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: 'Too many failed sign-in attempts. Please try again in 10 minutes.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBe(600);
    expect((await signInToken(owner.id, '203.0.113.21')).status).toBe(401);

    // Random ids wrote no counter of their own: only the prober's address was counted.
    expect((await counterBuckets('sign-in-refused:203.0.113.2')).sort()).toEqual([
      'sign-in-refused:203.0.113.20',
      'sign-in-refused:203.0.113.21',
    ]);
    t.clock.advance(TEN_MINUTES_MS);
    expect((await signInToken(owner.id, prober)).status).toBe(401);
  });

  it('counts sign-ins per verified account, the id in any case: the 21st in ten minutes gets 429', async () => {
    startOfWindow();
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT_PER_ACCOUNT; i++) {
      const id = i % 2 === 0 ? owner.id : owner.id.toUpperCase();
      statuses.push((await signInToken(id, `198.51.100.${i + 1}`, owner.idToken)).status);
    }
    expect(statuses).toEqual(Array(SIGN_IN_LIMIT_PER_ACCOUNT).fill(200));
    const refused = await signInToken(owner.id.toUpperCase(), '198.51.100.99', owner.idToken);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else's sign-in is counted on its own.
    expect((await signInToken(stranger.id, '198.51.100.99', stranger.idToken)).status).toBe(200);
    t.clock.advance(TEN_MINUTES_MS);
    expect((await signInToken(owner.id, '198.51.100.99', owner.idToken)).status).toBe(200);
  });
});

describe('the client address', () => {
  const addressOf = async (hops: number, headers: Record<string, string> = {}) => {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, hops)));
    return (await app.request('/', { headers })).text();
  };

  it('is the connection peer without TRUST_PROXY, whatever X-Forwarded-For says', async () => {
    expect(await addressOf(0, { 'x-forwarded-for': '203.0.113.7' })).toBe('unknown');
  });

  it('is the entry the outermost trusted proxy wrote, not what the client put before it', async () => {
    const forwarded = { 'x-forwarded-for': '10.9.9.9, 203.0.113.7, 192.0.2.10' };
    expect(await addressOf(1, forwarded)).toBe('192.0.2.10');
    expect(await addressOf(2, forwarded)).toBe('203.0.113.7');
    expect(await addressOf(1, { 'x-forwarded-for': '2001:db8::1' })).toBe('2001:db8::1');
  });

  it('falls back to the peer when the trusted entry is not an address', async () => {
    expect(await addressOf(1, { 'x-forwarded-for': 'not-an-address' })).toBe('unknown');
    expect(await addressOf(1)).toBe('unknown');
  });
});

describe('rate limits', () => {
  it('generate-otp: at most 10 requests an hour for one user, sent or refused as too soon', async () => {
    const user = await registerUser(t, 'limits', { verified: false });
    const token = await signIn(t, user);
    // Limits count in fixed windows: start at the top of an hour so the 11 requests share one.
    const hour = 60 * 60 * 1000;
    t.clock.advance(hour - (t.clock.now().getTime() % hour));
    const send = async () => t.request('PATCH', `/api/v1/user/generate-otp/${user.id}`, { token });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await send()).status);
    // One code mailed, then nine "please wait" refusals; after the wait the user's hourly limit answers.
    expect(statuses).toEqual([200, ...Array(9).fill(429)]);
    t.clock.advance(61 * 1000);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many codes requested\./);
  });

  it('validate-otp: the 31st check in ten minutes is refused before it is compared', async () => {
    const user = await registerUser(t, 'guesser', { verified: false });
    const token = await signIn(t, user);
    startOfWindow();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await t.request('POST', `/api/v1/user/validate-otp/${user.id}`, { token, json: { otp: '000000' } }))
        .status;
    }
    expect(last).toBe(429);
  });
});
