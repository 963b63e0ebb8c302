import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/domain/user';
import { users } from '../db/schema';
import { testContextForFile, newUserPayload, registerUser, signUpFirebase, uniqueEmail } from '../test/test-app';

const ctx = testContextForFile();

const userCount = async () => (await ctx.db.select({ value: count() }).from(users))[0]?.value;

describe('POST /user/create-new', () => {
  it('stores text in composed Unicode form (NFC), however the keyboard typed it', async () => {
    const account = await signUpFirebase();
    const decomposed = 'Rene\u0301 Chowdhury'; // e + combining acute, as some keyboards send it
    const response = await ctx.request<UserRecord>('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: newUserPayload(account.email, { name: decomposed }),
    });
    expect(response.status).toBe(201);
    expect(response.body.data?.name).toBe('Ren\u00e9 Chowdhury');
    const [row] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.email, account.email));
    expect(row?.name).toBe('Ren\u00e9 Chowdhury');
  });

  it('creates the profile of the signed-up Firebase account and answers it with its _id', async () => {
    const account = await signUpFirebase(uniqueEmail('Create').toUpperCase().replace('@EXAMPLE.COM', '@example.com'));
    const payload = newUserPayload(account.email);
    const response = await ctx.request<UserRecord>('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: payload,
    });
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    const user = response.body.data;
    expect(user?._id).toMatch(/^[0-9a-f-]{36}$/);
    // Every field as sent, the address lowercased; a new account is active and not yet verified.
    expect(user).toMatchObject({ ...payload, email: account.email.toLowerCase(), status: 'active', isVerified: false });
    expect(new Date(user?.createdAt ?? '').toISOString()).toBe(user?.createdAt);
    expect(JSON.stringify(user)).not.toContain(account.uid);

    const [row] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, user?._id ?? ''));
    expect(row?.firebaseUid).toBe(account.uid);
  });

  it('refuses a request without a Firebase token with 401', async () => {
    const response = await ctx.request('POST', '/api/v1/user/create-new', { json: newUserPayload(uniqueEmail()) });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, message: 'Please sign in to continue.' });
  });

  it('refuses a forged or garbage token with 401', async () => {
    const response = await ctx.request('POST', '/api/v1/user/create-new', {
      token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      json: newUserPayload(uniqueEmail()),
    });
    expect(response.status).toBe(401);
  });

  it('refuses an e-mail other than the signed-up one with 403', async () => {
    const account = await signUpFirebase();
    const before = await userCount();
    const response = await ctx.request('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: newUserPayload(uniqueEmail('someone-else')),
    });
    expect(response.status).toBe(403);
    expect(response.body.success).toBe(false);
    expect(await userCount()).toBe(before);
  });

  it('refuses a second profile for the same Firebase account with 409', async () => {
    const account = await signUpFirebase();
    const first = await ctx.request('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: newUserPayload(account.email),
    });
    expect(first.status).toBe(201);
    const second = await ctx.request('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: newUserPayload(account.email, { name: 'Someone Else' }),
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('A Basha profile already exists for this account.');
  });

  it('lets only one of two simultaneous create requests through', async () => {
    const account = await signUpFirebase();
    const send = () =>
      ctx.request('POST', '/api/v1/user/create-new', { token: account.idToken, json: newUserPayload(account.email) });
    const statuses = (await Promise.all([send(), send(), send()])).map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'Full name is required'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['letters in the phone number', { phoneNumber: 'call me' }, 'phoneNumber', 'Please enter a valid phone number'],
    ['an impossible date of birth', { dateOfBirth: '2001-02-30' }, 'dateOfBirth', undefined],
    ['a gender outside the list', { gender: 'Robot' }, 'gender', 'Gender is required'],
    ['a photo from another host', { profileImage: 'https://evil.example/x.png' }, 'profileImage', undefined],
    ['a field nobody may set', { isVerified: true }, 'isVerified', 'Unknown field: isVerified'],
  ])('refuses %s with 400 and names the field', async (_label, override, field, message) => {
    const account = await signUpFirebase();
    const before = await userCount();
    const response = await ctx.request('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: { ...newUserPayload(account.email), ...override },
    });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(Object.keys(response.body.errors ?? {})).toContain(field);
    if (message) expect(response.body.message).toBe(message);
    expect(response.body.message).toBe(response.body.errors?.[field]?.[0]);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"hello"'],
    ['an empty object', '{}'],
  ])('refuses %s as the body with 400', async (_label, body) => {
    const account = await signUpFirebase();
    const before = await userCount();
    const response = await ctx.request('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(await userCount()).toBe(before);
  });
});

describe('POST /user/find-id', () => {
  it('gives the caller the id of their own profile', async () => {
    const user = await registerUser(ctx, 'findid');
    const response = await ctx.request('POST', '/api/v1/user/find-id', {
      token: user.idToken,
      json: { email: user.email.toUpperCase().replace('@EXAMPLE.COM', '@example.com') },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([{ _id: user.id }]);
  });

  it('refuses to look up somebody else’s e-mail with 403', async () => {
    const caller = await registerUser(ctx, 'caller');
    const other = await registerUser(ctx, 'other');
    const response = await ctx.request('POST', '/api/v1/user/find-id', {
      token: caller.idToken,
      json: { email: other.email },
    });
    expect(response.status).toBe(403);
    expect(response.body.data).toBeUndefined();
  });

  it('answers 404 "Id not found" when the account has no profile yet', async () => {
    const account = await signUpFirebase();
    const response = await ctx.request('POST', '/api/v1/user/find-id', {
      token: account.idToken,
      json: { email: account.email },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'Id not found' });
  });

  it('needs a Firebase token', async () => {
    const response = await ctx.request('POST', '/api/v1/user/find-id', { json: { email: uniqueEmail() } });
    expect(response.status).toBe(401);
  });
});
