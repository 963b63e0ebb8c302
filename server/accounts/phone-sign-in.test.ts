import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicProfile, UserRecord } from '../../src/domain/user';
import { users } from '../db/schema';
import { validService } from '../security/bad-input-support';
import {
  latestOtp,
  newUserPayload,
  registerPhoneUser,
  registerSignedIn,
  registerUser,
  signIn,
  testContextForFile,
  uniqueBdPhone,
  uniqueEmail,
} from '../test/test-app';

/**
 * Signing in with a phone number (issue 40, server side): a Firebase token of the phone provider carries
 * `phone_number` (E.164) and no e-mail. create-new and find-id take such a token with the token's own number; the
 * number is then verified, which counts as verified for posting; an e-mail account proves a number it linked in
 * Firebase with verify-phone; a phone account adds an e-mail and proves it with the mailed code.
 */

const ctx = testContextForFile();

const userCount = async () => (await ctx.db.select({ value: count() }).from(users))[0]?.value;

/** create-new's body for a phone account: the form's fields without the e-mail, with a number when given. */
function phonePayload(overrides: Record<string, unknown> = {}) {
  const { email: _, phoneNumber: __, ...rest } = newUserPayload('');
  return { ...rest, ...overrides };
}

/** `+8801712345678` as Basha stores it: `+880 1712-345678`. */
const stored = (e164: string) => `+880 ${e164.slice(4, 8)}-${e164.slice(8)}`;

/** The number in Bangla digits with the trunk 0, as someone types it: `০১৭১২৩৪৫৬৭৮`. */
const inBanglaDigits = (e164: string) =>
  `0${e164.slice(4)}`.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));

describe('POST /user/create-new with a phone sign-in', () => {
  it('makes an account without an e-mail whose number is the token’s, verified', async () => {
    const phone = uniqueBdPhone();
    const account = await ctx.auth.signInWithPhone(phone);
    const response = await ctx.request<UserRecord>('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: phonePayload(),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data).toMatchObject({
      email: null,
      phoneNumber: stored(phone),
      phoneVerified: true,
      isVerified: false,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.firebaseUid, account.uid));
    expect(row).toMatchObject({ email: null, phoneNumber: stored(phone), phoneVerified: true });
  });

  it('takes the number typed in any form (Bangla digits too) when it is the token’s, and an e-mail to prove later', async () => {
    const phone = uniqueBdPhone();
    const account = await ctx.auth.signInWithPhone(phone);
    const email = uniqueEmail('phone-with-mail');
    const response = await ctx.request<UserRecord>('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: phonePayload({ phoneNumber: inBanglaDigits(phone), email }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data).toMatchObject({ email, phoneNumber: stored(phone), phoneVerified: true });
  });

  it('refuses another number than the token’s with 403, and creates nothing', async () => {
    const account = await ctx.auth.signInWithPhone(uniqueBdPhone());
    const before = await userCount();
    const response = await ctx.request('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: phonePayload({ phoneNumber: stored(uniqueBdPhone()) }),
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('The phone number must be the one you signed in with.');
    expect(await userCount()).toBe(before);
  });

  it('refuses a token whose number is no Bangladeshi mobile number with 400, and creates nothing', async () => {
    const before = await userCount();
    for (const foreign of ['+14155550123', '+442071838750', '+88029665543']) {
      const account = await ctx.auth.signInWithPhone(foreign);
      const response = await ctx.request('POST', '/api/v1/user/create-new', {
        token: account.idToken,
        json: phonePayload(),
      });
      expect(response.status, foreign).toBe(400);
      expect(response.body.message).toBe('Only Bangladeshi mobile numbers can sign in (like 01712-345678).');
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a landline or foreign number in the body with the form’s 400', async () => {
    const account = await ctx.auth.signInWithPhone(uniqueBdPhone());
    const response = await ctx.request('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: phonePayload({ phoneNumber: '02-9665543' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.phoneNumber).toBeDefined();
  });

  it('refuses a second profile for the same phone account with 409', async () => {
    const user = await registerPhoneUser(ctx);
    const again = await ctx.request('POST', '/api/v1/user/create-new', { token: user.idToken, json: phonePayload() });
    expect(again.status).toBe(409);
  });

  it('still needs the e-mail from an e-mail token (phoneVerified false)', async () => {
    const account = await ctx.auth.signUp();
    const without = await ctx.request('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: phonePayload({ phoneNumber: '01712345678' }),
    });
    expect(without.status).toBe(400);
    const created = await ctx.request<UserRecord>('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: newUserPayload(account.email),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: account.email, phoneVerified: false });
  });
});

describe('POST /user/find-id with a phone number', () => {
  it('finds the account of the token’s own number, typed in any form', async () => {
    const user = await registerPhoneUser(ctx);
    for (const typed of [stored(user.phoneNumber), inBanglaDigits(user.phoneNumber), user.phoneNumber]) {
      const response = await ctx.request('POST', '/api/v1/user/find-id', {
        token: user.idToken,
        json: { phoneNumber: typed },
      });
      expect(response.status, typed).toBe(200);
      expect(response.body.data).toEqual([{ _id: user.id }]);
    }
  });

  it('answers 404 "Id not found" for a phone account without a profile yet', async () => {
    const account = await ctx.auth.signInWithPhone(uniqueBdPhone());
    const response = await ctx.request('POST', '/api/v1/user/find-id', {
      token: account.idToken,
      json: { phoneNumber: account.phoneNumber },
    });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Id not found');
  });

  it('refuses another number than the token’s, and a number asked with an e-mail token', async () => {
    const user = await registerPhoneUser(ctx);
    const other = await registerPhoneUser(ctx);
    const foreign = await ctx.request('POST', '/api/v1/user/find-id', {
      token: user.idToken,
      json: { phoneNumber: other.phoneNumber },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('You can only look up your own account.');
    const mailAccount = await ctx.auth.signUp();
    const byMail = await ctx.request('POST', '/api/v1/user/find-id', {
      token: mailAccount.idToken,
      json: { phoneNumber: other.phoneNumber },
    });
    expect(byMail.status).toBe(403);
    const emailAsked = await ctx.request('POST', '/api/v1/user/find-id', {
      token: user.idToken,
      json: { email: uniqueEmail() },
    });
    expect(emailAsked.status).toBe(403);
  });
});

describe('a verified phone counts as verified', () => {
  it('lets a phone account post, review and report without an e-mail', async () => {
    const phoneUser = await registerPhoneUser(ctx);
    const session = await signIn(ctx, phoneUser);
    const service = await ctx.request<{ _id: string }>('POST', `/api/v1/profession/create-profile/${phoneUser.id}`, {
      token: session,
      json: validService(),
    });
    expect(service.status, JSON.stringify(service.body)).toBe(201);
    const provider = await registerSignedIn(ctx, 'phone-reviewed');
    const theirs = await ctx.request<{ _id: string }>('POST', `/api/v1/profession/create-profile/${provider.id}`, {
      token: provider.token,
      json: validService(),
    });
    const review = await ctx.request('POST', `/api/v1/profession/add-feedback/${theirs.body.data?._id}`, {
      token: session,
      json: { rating: 5, feedback: 'Fixed the fan the same day.' },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
  });
});

describe('POST /user/verify-phone/:id', () => {
  it('sets the number an e-mail account linked in Firebase, verified; then it may post', async () => {
    const user = await registerUser(ctx, 'linker', { verified: false });
    const session = await signIn(ctx, user);
    const refused = await ctx.request('POST', '/api/v1/rent/create', { token: session, json: {} });
    expect(refused.status).toBe(403);

    const phone = uniqueBdPhone();
    const linked = await ctx.auth.linkPhone(user.idToken, phone);
    const response = await ctx.request<UserRecord>('POST', `/api/v1/user/verify-phone/${user.id}`, { token: linked });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ phoneNumber: stored(phone), phoneVerified: true, isVerified: false });

    // The session made before now counts as verified (its cached flag was forgotten): the rent form's rules answer.
    const allowed = await ctx.request('POST', '/api/v1/rent/create', { token: session, json: {} });
    expect(allowed.status).toBe(400);
    // The number now signs in to the same account.
    const byPhone = await ctx.request('POST', '/api/v1/user/find-id', { token: linked, json: { phoneNumber: phone } });
    expect(byPhone.body.data).toEqual([{ _id: user.id }]);
  });

  it('refuses someone else’s account with 403 and a token without a number with 400, changing nothing', async () => {
    const user = await registerUser(ctx, 'not-linked', { verified: false });
    const stranger = await registerPhoneUser(ctx);
    const before = await userCount();
    const [rowBefore] = await ctx.db.select().from(users).where(eq(users.id, user.id));

    const notOwner = await ctx.request('POST', `/api/v1/user/verify-phone/${user.id}`, { token: stranger.idToken });
    expect(notOwner.status).toBe(403);
    const noNumber = await ctx.request('POST', `/api/v1/user/verify-phone/${user.id}`, { token: user.idToken });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.message).toBe('Verify a phone number first: this sign-in holds none.');
    const session = await signIn(ctx, user);
    const withSession = await ctx.request('POST', `/api/v1/user/verify-phone/${user.id}`, { token: session });
    expect(withSession.status).toBe(401);

    const [rowAfter] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(rowAfter).toEqual(rowBefore);
    expect(await userCount()).toBe(before);
  });

  it('gives a number to one of two accounts proving it at once (the database’s unique index), 409 to the other', async () => {
    const phone = uniqueBdPhone();
    const people = await Promise.all([registerUser(ctx, 'racer-a'), registerUser(ctx, 'racer-b')]);
    const tokens = await Promise.all(people.map((person) => ctx.auth.linkPhone(person.idToken, phone)));
    const answers = await Promise.all(
      people.map((person, index) =>
        ctx.request('POST', `/api/v1/user/verify-phone/${person.id}`, { token: tokens[index] }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const holders = await ctx.db.select().from(users).where(eq(users.phoneNumber, stored(phone)));
    expect(holders.filter((row) => row.phoneVerified)).toHaveLength(1);
  });

  it('keeps every account reachable: no row without an e-mail and without a verified number', async () => {
    const user = await registerPhoneUser(ctx);
    await expect(ctx.db.update(users).set({ phoneVerified: false }).where(eq(users.id, user.id))).rejects.toThrow();
  });

  it('refuses a number another account has proven with 409', async () => {
    const holder = await registerPhoneUser(ctx);
    const user = await registerUser(ctx, 'late-linker', { verified: false });
    const linked = await ctx.auth.linkPhone(user.idToken, holder.phoneNumber);
    const response = await ctx.request('POST', `/api/v1/user/verify-phone/${user.id}`, { token: linked });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('An account with this phone number already exists.');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.phoneVerified).toBe(false);
  });
});

describe('a phone account adds an e-mail', () => {
  it('cannot be sent a code before it has an address, and proves one it adds with the mailed code', async () => {
    const user = await registerPhoneUser(ctx);
    const session = await signIn(ctx, user);
    const early = await ctx.request('PATCH', `/api/v1/user/generate-otp/${user.id}`, { token: session });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Add an email address to your profile first: the code is sent there.');

    const { profileImage: _photo, ...profile } = newUserPayload('');
    const email = uniqueEmail('added');
    const edited = await ctx.request<UserRecord>('PATCH', `/api/v1/user/update-details/${user.id}`, {
      token: session,
      json: { ...profile, email, phoneNumber: stored(user.phoneNumber), occupation: '', nid: '' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ email, isVerified: false, phoneVerified: true });

    const sent = await ctx.request('PATCH', `/api/v1/user/generate-otp/${user.id}`, { token: session });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const verified = await ctx.request('POST', `/api/v1/user/validate-otp/${user.id}`, {
      token: session,
      json: { otp: await latestOtp(email) },
    });
    expect(verified.status).toBe(200);

    // Once there, the address cannot change.
    const changed = await ctx.request('PATCH', `/api/v1/user/update-details/${user.id}`, {
      token: session,
      json: { ...profile, email: uniqueEmail('other'), phoneNumber: stored(user.phoneNumber), occupation: '' },
    });
    expect(changed.status).toBe(400);
  });

  it('keeps its profile edits without an e-mail, but not a new number while that is its only way in', async () => {
    const user = await registerPhoneUser(ctx);
    const session = await signIn(ctx, user);
    const { profileImage: _photo, email: _email, ...profile } = newUserPayload('');
    const kept = await ctx.request<UserRecord>('PATCH', `/api/v1/user/update-details/${user.id}`, {
      token: session,
      // The edit form sends its empty e-mail field as ''.
      json: { ...profile, name: 'রহিমা খাতুন', email: '', phoneNumber: stored(user.phoneNumber), occupation: '' },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data).toMatchObject({ name: 'রহিমা খাতুন', email: null, phoneVerified: true });
    const moved = await ctx.request('PATCH', `/api/v1/user/update-details/${user.id}`, {
      token: session,
      json: { ...profile, phoneNumber: stored(uniqueBdPhone()), occupation: '' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors?.phoneNumber).toBeDefined();
  });

  it('an e-mail account that changes its verified number is no longer phone-verified', async () => {
    const user = await registerUser(ctx, 'mover', { verified: false });
    await ctx.request('POST', `/api/v1/user/verify-phone/${user.id}`, {
      token: await ctx.auth.linkPhone(user.idToken, uniqueBdPhone()),
    });
    const session = await signIn(ctx, user);
    const { profileImage: _photo, ...profile } = newUserPayload(user.email);
    const moved = await ctx.request<UserRecord>('PATCH', `/api/v1/user/update-details/${user.id}`, {
      token: session,
      json: { ...profile, phoneNumber: stored(uniqueBdPhone()), occupation: '' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data?.phoneVerified).toBe(false);
    const refused = await ctx.request('POST', '/api/v1/rent/create', { token: session, json: {} });
    expect(refused.status).toBe(403);
  });
});

describe('public profiles', () => {
  it('say whether the phone is verified', async () => {
    const user = await registerPhoneUser(ctx);
    const viewer = await registerSignedIn(ctx, 'viewer');
    const response = await ctx.request<PublicProfile>('GET', `/api/v1/user/find-info/${user.id}`, {
      token: viewer.token,
    });
    expect(response.body.data).toMatchObject({ _id: user.id, phoneVerified: true });
    expect(JSON.stringify(response.body)).not.toContain(user.phoneNumber.slice(-6));
  });
});
