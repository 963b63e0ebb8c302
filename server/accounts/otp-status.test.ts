import { describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS } from '../../src/domain/constants';
import type { OtpStatus } from '../../src/domain/otp';
import { testContextForFile, latestOtp, registerUser, signIn } from '../test/test-app';

/**
 * GET /user/otp-status/{id} (issue 24, point 7): after a reload the verification page asks the server whether a
 * code is out, instead of offering "Send OTP" and meeting "Please wait 53 seconds".
 */

const ctx = testContextForFile();

async function signedInUser(label: string, verified = false) {
  const user = await registerUser(ctx, label, { verified });
  return { ...user, token: await signIn(ctx, user) };
}

type Person = Awaited<ReturnType<typeof signedInUser>>;
const status = (user: Person, id = user.id) =>
  ctx.request<OtpStatus>('GET', `/api/v1/user/otp-status/${id}`, { token: user.token });
const generate = (user: Person) => ctx.request('PATCH', `/api/v1/user/generate-otp/${user.id}`, { token: user.token });
const validate = (user: Person, otp: string) =>
  ctx.request('POST', `/api/v1/user/validate-otp/${user.id}`, { token: user.token, json: { otp } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('GET /user/otp-status/:id', () => {
  it('follows a code from sending to expiry, in seconds from the server’s clock', async () => {
    const user = await signedInUser('status');
    const none = await status(user);
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({
      isVerified: false,
      codeActive: false,
      expiresInSeconds: 0,
      resendInSeconds: 0,
      attemptsLeft: 0,
    });

    expect((await generate(user)).status).toBe(200);
    ctx.clock.advance(7_000);
    expect((await status(user)).body.data).toEqual({
      isVerified: false,
      codeActive: true,
      expiresInSeconds: 593,
      resendInSeconds: 53,
      attemptsLeft: OTP_MAX_ATTEMPTS,
    });

    const code = await latestOtp(user.email);
    expect((await validate(user, wrongCode(code))).status).toBe(400);
    expect((await status(user)).body.data?.attemptsLeft).toBe(OTP_MAX_ATTEMPTS - 1);

    ctx.clock.advance(60_000);
    expect((await status(user)).body.data).toMatchObject({ codeActive: true, resendInSeconds: 0 });
    ctx.clock.advance(10 * 60_000);
    expect((await status(user)).body.data).toMatchObject({ codeActive: false, expiresInSeconds: 0 });
  });

  it('says a code with no tries left is not active, and that a verified account is verified', async () => {
    const user = await signedInUser('used-up');
    await generate(user);
    const code = await latestOtp(user.email);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) await validate(user, wrongCode(code));
    expect((await status(user)).body.data).toMatchObject({ codeActive: false, attemptsLeft: 0 });

    const verified = await signedInUser('verified', true);
    expect((await status(verified)).body.data).toMatchObject({ isVerified: true, codeActive: false });
  });

  it('answers only the account’s own session', async () => {
    const owner = await signedInUser('status-owner');
    const other = await signedInUser('status-other');
    await generate(owner);
    expect((await status(other, owner.id)).status).toBe(403);
    const anonymous = await ctx.request('GET', `/api/v1/user/otp-status/${owner.id}`);
    expect(anonymous.status).toBe(401);
  });
});
