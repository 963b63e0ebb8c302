import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, signIn, type TestContext } from '../test/test-app';
import { SIGN_IN_LIMIT_PER_ACCOUNT } from './limits';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('sign-in-token: the 21st request for one account in ten minutes gets 429 with Retry-After, then the next window opens', async () => {
    const tenMinutes = 10 * 60 * 1000;
    t.clock.advance(tenMinutes - (t.clock.now().getTime() % tenMinutes));
    const account = '/api/v1/user/sign-in-token/00000000-0000-0000-0000-000000000000';
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT_PER_ACCOUNT; i++) statuses.push((await t.request('POST', account)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    // Another account is counted on its own.
    const other = '/api/v1/user/sign-in-token/00000000-0000-0000-0000-000000000001';
    expect((await t.request('POST', other)).status).toBe(401);
    const refused = await t.request('POST', '/api/v1/user/sign-in-token/00000000-0000-0000-0000-000000000000');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(10 * 60 * 1000);
    expect((await t.request('POST', '/api/v1/user/sign-in-token/00000000-0000-0000-0000-000000000000')).status).toBe(
      401,
    );
  });

  it('generate-otp: at most 10 codes an hour for one user, even when each waits the minute', async () => {
    const user = await registerUser(t, 'limits');
    const token = await signIn(t, user);
    // Limits count in fixed windows: start at the top of an hour so the 11 sends share one.
    const hour = 60 * 60 * 1000;
    t.clock.advance(hour - (t.clock.now().getTime() % hour));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await t.request('PATCH', `/api/v1/user/generate-otp/${user.id}`, { token })).status);
      t.clock.advance(61 * 1000);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('validate-otp: the 31st check in ten minutes is refused before it is compared', async () => {
    const user = await registerUser(t, 'guesser');
    const token = await signIn(t, user);
    const tenMinutes = 10 * 60 * 1000;
    t.clock.advance(tenMinutes - (t.clock.now().getTime() % tenMinutes));
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await t.request('POST', `/api/v1/user/validate-otp/${user.id}`, { token, json: { otp: '000000' } }))
        .status;
    }
    expect(last).toBe(429);
  });
});
