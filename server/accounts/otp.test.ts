import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OTP_RESEND_WAIT_MS, OTP_TTL_MS } from '../../src/domain/constants';
import type { UserRecord } from '../../src/domain/user';
import { otpCodes, users } from '../db/schema';
import { createSmtpMailer } from '../mail/mailer';
import { OTP_MAILS_PER_ADDRESS_PER_DAY } from './otp-mail-limit';
import {
  createTestContext,
  testContextForFile,
  latestOtp,
  mailsTo,
  newUserPayload,
  registerSignedIn,
  registerUser,
  signIn,
  signUpFirebase,
} from '../test/test-app';

const ctx = testContextForFile();

const signedInUser = (label: string) => registerSignedIn(ctx, label, { verified: false });

const generate = (user: { id: string; token: string }) =>
  ctx.request('PATCH', `/api/v1/user/generate-otp/${user.id}`, { token: user.token });
const validate = (user: { id: string; token: string }, otp: unknown) =>
  ctx.request('POST', `/api/v1/user/validate-otp/${user.id}`, { token: user.token, json: { otp } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('PATCH /user/generate-otp/:id', () => {
  it('mails a 6-digit code and keeps only its hash', async () => {
    const user = await signedInUser('send');
    const response = await generate(user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'OTP sent to your email' });

    const code = await latestOtp(user.email);
    const [mail] = await mailsTo(user.email);
    expect(mail?.subject).toBe('Your Basha verification code');
    expect(mail?.text).toContain(`Your Basha verification code is ${code}`);
    expect(mail?.text).toContain('expires in 10 minutes');
    expect(mail?.html).toContain(code);

    const [row] = await ctx.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.sentAt.getTime()).toBe(OTP_TTL_MS);
  });

  it('refuses a resend within 60 seconds with 429 and Retry-After, and allows it afterwards', async () => {
    const user = await signedInUser('resend');
    expect((await generate(user)).status).toBe(200);
    ctx.clock.advance(15_000);
    const tooSoon = await generate(user);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toBe('45');
    expect(tooSoon.body.message).toBe('Please wait 45 seconds before requesting a new code.');
    expect(await mailsTo(user.email)).toHaveLength(1);

    ctx.clock.advance(OTP_RESEND_WAIT_MS - 15_000);
    expect((await generate(user)).status).toBe(200);
    await latestOtp(user.email, 2);
  });

  it('sends only one code when several requests arrive at once', async () => {
    const user = await signedInUser('burst');
    const statuses = (await Promise.all([generate(user), generate(user), generate(user)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 429, 429]);
  });

  it('refuses another user’s id with 403', async () => {
    const owner = await signedInUser('otp-owner');
    const other = await signedInUser('otp-other');
    const response = await ctx.request('PATCH', `/api/v1/user/generate-otp/${owner.id}`, { token: other.token });
    expect(response.status).toBe(403);
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });

  it('needs a session token', async () => {
    const user = await registerUser(ctx, 'otp-anon', { verified: false });
    expect((await ctx.request('PATCH', `/api/v1/user/generate-otp/${user.id}`)).status).toBe(401);
    expect((await ctx.request('PATCH', `/api/v1/user/generate-otp/${user.id}`, { token: user.idToken })).status).toBe(
      401,
    );
  });

  it('answers 502 "Failed to generate OTP." when the mail cannot be sent, and keeps no code', async () => {
    const broken = await createTestContext({
      mailer: createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Basha <no-reply@basha.local>' }),
    });
    try {
      const user = await registerUser(broken, 'smtp-down', { verified: false });
      const token = await signIn(broken, user);
      const response = await broken.request('PATCH', `/api/v1/user/generate-otp/${user.id}`, { token });
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ success: false, message: 'Failed to generate OTP.' });
      expect(await broken.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id))).toHaveLength(0);
      // Nothing was sent, so the user may try again at once.
      expect((await broken.request('PATCH', `/api/v1/user/generate-otp/${user.id}`, { token })).status).toBe(502);
    } finally {
      await broken.close();
    }
  });
});

describe('what a code mail may carry, and how many', () => {
  it('carries nothing the person wrote: a name that reads as an instruction never reaches the inbox', async () => {
    const account = await signUpFirebase();
    // Not a reserved name (no "Basha", no "moderator": src/domain/reserved-names.ts), so the account is made.
    const bait = 'Help Desk re-verify at evil example';
    const created = await ctx.request<{ _id: string }>('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: newUserPayload(account.email, { name: bait }),
    });
    expect(created.status).toBe(201);
    const user = { ...account, id: created.body.data?._id ?? '' };
    const token = await signIn(ctx, user);
    expect((await generate({ id: user.id, token })).status).toBe(200);
    await latestOtp(account.email);
    const [mail] = await mailsTo(account.email);
    for (const part of [mail?.text, mail?.html, mail?.subject]) {
      expect(part).not.toContain('evil');
      expect(part).not.toContain('Desk');
    }
  });

  it(`mails one address at most ${OTP_MAILS_PER_ADDRESS_PER_DAY} codes a day, below the per-user hourly limit`, async () => {
    const user = await signedInUser('recipient');
    for (let sent = 0; sent < OTP_MAILS_PER_ADDRESS_PER_DAY; sent += 1) {
      expect((await generate(user)).status).toBe(200);
      ctx.clock.advance(OTP_RESEND_WAIT_MS + 1000);
    }
    const refused = await generate(user);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many codes were sent to this email address today\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(user.email)).toHaveLength(OTP_MAILS_PER_ADDRESS_PER_DAY);
    // Another address is not held up by this one.
    expect((await generate(await signedInUser('other-recipient'))).status).toBe(200);
  });
});

describe('POST /user/validate-otp/:id', () => {
  it('verifies the account with the mailed code and then forgets the code', async () => {
    const user = await signedInUser('verify');
    await generate(user);
    const code = await latestOtp(user.email);
    const response = await validate(user, code);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Account verified successfully' });

    const profile = await ctx.request<UserRecord>('GET', `/api/v1/user/find-info/${user.id}`, { token: user.token });
    expect(profile.body.data?.isVerified).toBe(true);
    expect(await ctx.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id))).toHaveLength(0);

    expect((await validate(user, code)).status).toBe(409);
    const again = await generate(user);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your account is already verified.');
  });

  it('refuses a wrong code with 400 "Invalid OTP." and says how many tries are left', async () => {
    const user = await signedInUser('wrong');
    await generate(user);
    const code = await latestOtp(user.email);
    const response = await validate(user, wrongCode(code));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid OTP.');
    expect(response.body.errors?.otp?.[0]).toContain('4 tries left');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isVerified).toBe(false);
  });

  it('refuses the sixth try after five wrong ones with 429, even when it is right', async () => {
    const user = await signedInUser('sixth');
    await generate(user);
    const code = await latestOtp(user.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await validate(user, wrongCode(code));
      expect(response.status).toBe(400);
    }
    const sixth = await validate(user, code);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many attempts. Please request a new code.');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isVerified).toBe(false);
  });

  it('accepts the right code on the fifth try', async () => {
    const user = await signedInUser('fifth');
    await generate(user);
    const code = await latestOtp(user.email);
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await validate(user, wrongCode(code))).status).toBe(400);
    expect((await validate(user, code)).status).toBe(200);
  });

  it('refuses a code after its ten minutes with 400', async () => {
    const user = await signedInUser('expired');
    await generate(user);
    const code = await latestOtp(user.email);
    ctx.clock.advance(OTP_TTL_MS);
    const response = await validate(user, code);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('This code has expired. Please request a new one.');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isVerified).toBe(false);
  });

  it('answers 400 when no code was requested', async () => {
    const user = await signedInUser('nocode');
    const response = await validate(user, '123456');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('No active code. Please request a new one.');
  });

  it('refuses a new code request after the old code was mailed, then accepts only the new code', async () => {
    const user = await signedInUser('rotate');
    await generate(user);
    const first = await latestOtp(user.email);
    ctx.clock.advance(OTP_RESEND_WAIT_MS);
    await generate(user);
    const second = await latestOtp(user.email, 2);
    if (first !== second) expect((await validate(user, first)).status).toBe(400);
    expect((await validate(user, second)).status).toBe(200);
  });

  it.each([
    ['an empty code', '', 'OTP is required'],
    ['five digits', '12345', 'OTP must be 6 digits.'],
    ['letters', 'abcdef', 'OTP must be 6 digits.'],
    ['a number instead of text', 123456, 'OTP is required'],
  ])('refuses %s with 400 and the form’s message', async (_label, otp, message) => {
    const user = await signedInUser('badbody');
    await generate(user);
    const response = await validate(user, otp);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.errors?.otp?.[0]).toBe(message);
  });

  it('refuses another user’s id with 403', async () => {
    const owner = await signedInUser('v-owner');
    const other = await signedInUser('v-other');
    await generate(owner);
    const code = await latestOtp(owner.email);
    const response = await ctx.request('POST', `/api/v1/user/validate-otp/${owner.id}`, {
      token: other.token,
      json: { otp: code },
    });
    expect(response.status).toBe(403);
  });
});
