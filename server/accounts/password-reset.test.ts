import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ACCOUNT_RECHECK_MS, PASSWORD_CHANGED_MESSAGE } from '../auth/account-status';
import { createSmtpMailer, type Mailer, type MailMessage } from '../mail/mailer';
import { createTestContext, mailsTo, registerUser, signIn, uniqueEmail, type TestContext } from '../test/test-app';
import { DEVICE_KEY_PATTERN, DEVICE_KEYS_MAX } from '../../src/domain/device-key';
import { users } from '../db/schema';
import { NEW_PASSWORD_PATH, PASSWORD_RESET_MAIL_SUBJECT } from './password-reset-mail';
import {
  PASSWORD_RESET_SENT_MESSAGE,
  RESET_REQUESTS_PER_ADDRESS_PER_DAY,
  RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
  RESET_REQUESTS_PER_CLIENT_PER_HOUR,
  resetMailsSettled,
} from './password-reset';

/**
 * POST /user/reset-password (issue 24, point 8): Basha mails its own reset link, says the same to every address,
 * and limits how often anyone can make it mail.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const NEW_PASSWORD = 'after-reset-9';

/** The real SMTP mailer, with a gate the tests can close to hold mails back, and a record of what was sent. */
function gatedMailer(): Mailer & { sent: MailMessage[]; hold(): () => void; fail: boolean } {
  const smtp = createSmtpMailer({
    smtpUrl: `smtp://127.0.0.1:${inject('maildevSmtpPort')}`,
    from: 'Basha <no-reply@basha.local>',
  });
  let gate: Promise<void> = Promise.resolve();
  const mailer = {
    sent: [] as MailMessage[],
    fail: false,
    hold() {
      let release = () => undefined as void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
    async send(message: MailMessage) {
      await gate;
      if (mailer.fail) throw new Error('SMTP server is down');
      await smtp.send(message);
      mailer.sent.push(message);
    },
    close: () => smtp.close(),
  };
  return mailer;
}

let ctx: TestContext;
let mailer: ReturnType<typeof gatedMailer>;
beforeAll(async () => {
  mailer = gatedMailer();
  ctx = await createTestContext({ mailer, env: { PUBLIC_URL: 'https://basha.example' }, auth: 'emulator' });
});
afterAll(() => ctx.close());
// Every test starts a minute into fresh rate-limit windows (in-process requests all count as one client), so no
// window ends part-way through a test (the windows are fixed, aligned to whole hours and days).
beforeEach(() => ctx.clock.advance(DAY_MS - (ctx.clock.now().getTime() % DAY_MS) + 60_000));

const requestReset = (email: unknown, json: Record<string, unknown> = { email }) =>
  ctx.request('POST', '/api/v1/user/reset-password', { json });

/**
 * The mails maildev holds for `email`, once it lists `count` of them: it stores a mail a moment after the SMTP
 * server accepted it, so right after resetMailsSettled the newest may not be listed yet.
 */
async function mailsArrived(email: string, count: number) {
  await expect.poll(async () => (await mailsTo(email)).length).toBe(count);
  return mailsTo(email);
}

function codeFromMail(mail: { text: string }): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  expect(url.origin + url.pathname).toBe(`https://basha.example${NEW_PASSWORD_PATH}`);
  const code = url.searchParams.get('oobCode');
  expect(code).toBeTruthy();
  return code!;
}

describe('POST /user/reset-password', () => {
  it('answers the same for an account and for an unknown address, and mails only the account', async () => {
    const user = await registerUser(ctx, 'forgetful');
    const stranger = uniqueEmail('no-account');
    const known = await requestReset(user.email.toUpperCase());
    const unknown = await requestReset(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: PASSWORD_RESET_SENT_MESSAGE() });
    expect(unknown.body).toEqual(known.body);

    await resetMailsSettled({ mailer });
    const [mail, ...more] = await mailsArrived(user.email, 1);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(PASSWORD_RESET_MAIL_SUBJECT());
    codeFromMail(mail!);
    expect(mail?.text).not.toContain('9099');
    expect(await mailsTo(stranger)).toEqual([]);
    expect(mailer.sent.map((sent) => sent.to)).not.toContain(stranger);
  });

  it('answers before the account is looked up or the mail sent, so timing tells nothing', async () => {
    const user = await registerUser(ctx, 'timing');
    const release = mailer.hold();
    try {
      const answer = await requestReset(user.email);
      expect(answer.status).toBe(200);
      expect(mailer.sent.filter((sent) => sent.to === user.email)).toEqual([]);
    } finally {
      release();
    }
    await resetMailsSettled({ mailer });
    expect(mailer.sent.filter((sent) => sent.to === user.email)).toHaveLength(1);
  });

  it('still answers the same when the mail cannot be sent, and logs the failure without the address', async () => {
    const user = await registerUser(ctx, 'smtp-down');
    mailer.fail = true;
    try {
      expect((await requestReset(user.email)).body.message).toBe(PASSWORD_RESET_SENT_MESSAGE());
      await resetMailsSettled({ mailer });
    } finally {
      mailer.fail = false;
    }
    const logged = ctx.logger.errors.at(-1);
    expect(logged?.message).toBe('A password reset mail could not be sent');
    expect(logged?.message).not.toContain(user.email);
  });

  it('refuses a malformed body with 400', async () => {
    for (const json of [{}, { email: '' }, { email: 'not-an-address' }, { email: 42 }, { email: 'a@b.co', x: 1 }]) {
      const answer = await ctx.request('POST', '/api/v1/user/reset-password', { json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.success).toBe(false);
    }
  });

  it('past the share of an address answers the same and mails nothing, for accounts and unknown addresses alike', async () => {
    const user = await registerUser(ctx, 'flooded');
    const stranger = uniqueEmail('flooded-nobody');
    const answers = [];
    for (const email of [user.email, stranger]) {
      for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS_PER_HOUR + 2; i++) answers.push(await requestReset(email));
      ctx.clock.advance(1000); // a new client window would not help: the per-recipient count is what stops it
    }
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: PASSWORD_RESET_SENT_MESSAGE() });
      expect(answer.headers.get('retry-after')).toBeNull();
    }
    await resetMailsSettled({ mailer });
    // Exactly so many were sent (the mailer's own record), and maildev has them all.
    expect(mailer.sent.filter((sent) => sent.to === user.email)).toHaveLength(RESET_REQUESTS_PER_ADDRESS_PER_HOUR);
    await mailsArrived(user.email, RESET_REQUESTS_PER_ADDRESS_PER_HOUR);

    // An hour later a few more, but not beyond the day's share.
    for (let hour = 0; hour < 3; hour++) {
      ctx.clock.advance(60 * 60 * 1000);
      for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS_PER_HOUR; i++) {
        expect((await requestReset(user.email)).status).toBe(200);
      }
    }
    await resetMailsSettled({ mailer });
    expect(mailer.sent.filter((sent) => sent.to === user.email)).toHaveLength(RESET_REQUESTS_PER_ADDRESS_PER_DAY);
  });

  it("still mails the owner's own request, from a phone they signed in on, after a stranger used up the address's day", async () => {
    const user = await registerUser(ctx, 'locked-out');
    const other = await registerUser(ctx, 'other-phone');
    const deviceKeyOf = async (person: typeof user) => {
      const signedIn = await ctx.request('POST', `/api/v1/user/sign-in-token/${person.id}`, { token: person.idToken });
      expect(signedIn.status).toBe(200);
      const key = signedIn.headers.get('basha-device-key');
      expect(key).toMatch(DEVICE_KEY_PATTERN);
      return key!;
    };
    const ownKey = await deviceKeyOf(user);
    const othersKey = await deviceKeyOf(other);
    const mailsTo = () => mailer.sent.filter((sent) => sent.to === user.email).length;

    // A stranger uses up the address's share for the day (from many client addresses: the clock moves past each
    // client's hour).
    for (let hour = 0; hour < 3; hour++) {
      for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS_PER_HOUR; i++) await requestReset(user.email);
      ctx.clock.advance(60 * 60 * 1000);
    }
    await resetMailsSettled({ mailer });
    expect(mailsTo()).toBe(RESET_REQUESTS_PER_ADDRESS_PER_DAY);

    // Keys that are not the owner's do not help: another account's, a forged one, one made for another address.
    const forged = `${'A'.repeat(24)}.${'0'.repeat(64)}`;
    for (const deviceKeys of [[othersKey], [forged]]) {
      const answer = await requestReset(user.email, { email: user.email, deviceKeys });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: PASSWORD_RESET_SENT_MESSAGE() });
    }
    await resetMailsSettled({ mailer });
    expect(mailsTo()).toBe(RESET_REQUESTS_PER_ADDRESS_PER_DAY);

    // The owner's phone sends its keys (the other account's too, as a shared phone would) and is answered the same,
    // and this time the mail goes.
    const own = await requestReset(user.email, { email: user.email, deviceKeys: [othersKey, ownKey] });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ success: true, message: PASSWORD_RESET_SENT_MESSAGE() });
    await resetMailsSettled({ mailer });
    expect(mailsTo()).toBe(RESET_REQUESTS_PER_ADDRESS_PER_DAY + 1);

    // The phone's own share is limited too: the key cannot flood the owner's inbox either.
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS_PER_HOUR + 2; i++) {
      await requestReset(user.email, { email: user.email, deviceKeys: [ownKey] });
    }
    await resetMailsSettled({ mailer });
    expect(mailsTo()).toBe(RESET_REQUESTS_PER_ADDRESS_PER_DAY + RESET_REQUESTS_PER_ADDRESS_PER_HOUR);
  });

  it('refuses malformed device keys with 400, and more than a phone keeps', async () => {
    const key = `${'A'.repeat(24)}.${'0'.repeat(64)}`;
    for (const deviceKeys of [['not-a-key'], [42], 'abc', Array.from({ length: DEVICE_KEYS_MAX + 1 }, () => key)]) {
      const answer = await requestReset('someone@example.com', { email: 'someone@example.com', deviceKeys });
      expect(answer.status, JSON.stringify(deviceKeys)).toBe(400);
    }
  });

  it('carries nothing the person wrote: a name that reads as an instruction never reaches the inbox', async () => {
    const user = await registerUser(ctx, 'reset-bait');
    const bait = 'Basha Support: call 01711-000000 now';
    await ctx.db.update(users).set({ name: bait }).where(eq(users.id, user.id));
    await requestReset(user.email);
    await resetMailsSettled({ mailer });
    const sent = mailer.sent.filter((mail) => mail.to === user.email);
    expect(sent).toHaveLength(1);
    expect(`${sent[0]?.subject}${sent[0]?.text}${sent[0]?.html}`).not.toContain('01711');
  });

  it('limits requests per client, whatever the addresses', async () => {
    for (let i = 0; i < RESET_REQUESTS_PER_CLIENT_PER_HOUR; i++) {
      expect((await requestReset(uniqueEmail('spray'))).status).toBe(200);
    }
    const refused = await requestReset(uniqueEmail('spray'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes\.$/);
  });
});

/** Waits for the next whole second: Firebase keeps tokensValidAfterTime in whole seconds. */
async function nextWholeSecond() {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 10));
}

describe('the mailed link', () => {
  it('sets a new password with the SDK call the new-password page makes, and ends the old sessions', async () => {
    const user = await registerUser(ctx, 'recovered');
    const phone = await signIn(ctx, user);
    await nextWholeSecond();
    await requestReset(user.email);
    await resetMailsSettled({ mailer });
    const [mail] = await mailsArrived(user.email, 1);
    const oobCode = codeFromMail(mail!);

    // confirmPasswordReset, through Basha's own origin (the emulator proxy).
    const reset = await ctx.app.request('/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=any', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode, newPassword: NEW_PASSWORD }),
    });
    expect(reset.status, await reset.clone().text()).toBe(200);

    ctx.clock.advance(ACCOUNT_RECHECK_MS);
    const profile = (token: string) => ctx.request('GET', `/api/v1/user/find-info/${user.id}`, { token });
    const refused = await profile(phone);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(PASSWORD_CHANGED_MESSAGE());

    const idToken = await ctx.auth.signIn(user.email, NEW_PASSWORD);
    const fresh = await ctx.request<string>('POST', `/api/v1/user/sign-in-token/${user.id}`, { token: idToken });
    expect(fresh.status).toBe(200);
    expect((await profile(fresh.body.data!)).status).toBe(200);
    await expect(ctx.auth.signIn(user.email)).rejects.toThrow();
  });
});
