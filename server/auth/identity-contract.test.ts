import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { emulatorAuth } from '../test/emulator-auth';
import { createFakeFirebase } from '../test/fake-identity';
import { TEST_PASSWORD, uniqueBdPhone, uniqueEmail, type TestAuth } from '../test/test-auth';
import { testConfig } from '../test/test-app';
import { ACCOUNT_DISABLED_MESSAGE, type FirebaseIdentity } from './identity';

/**
 * Route tests verify ID tokens with a fake Firebase project (server/test/fake-identity.ts) instead of the Auth
 * emulator. Here the same assertions run against both the fake and the real emulator behind firebase-admin
 * (createFirebaseIdentity), so the fake cannot come to answer differently from what the routes get in production:
 * for a valid token, a foreign or altered one, a disabled or deleted account, revoked sign-ins and a reset code.
 */

const config = testConfig();
afterAll(() => rmSync(config.dataDir, { recursive: true, force: true }));

/** The token with its claims changed and its header and signature kept: what someone altering a token sends. */
function withClaims(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const altered = Buffer.from(JSON.stringify({ ...claims, ...change }), 'utf8').toString('base64url');
  return `${header}.${altered}.${signature}`;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Waits into a later whole second: Firebase compares sign-in and revocation times in whole seconds. */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 50));
}

const projects: [string, () => TestAuth, () => TestAuth][] = [
  // The third entry is the other kind of project, whose tokens must be foreign to the first.
  ['a fake Firebase project', () => createFakeFirebase(config.firebase.projectId), () => emulatorAuth(config)],
  ['the Auth emulator', () => emulatorAuth(config), () => createFakeFirebase(config.firebase.projectId)],
];

describe.each(projects)('%s, as the server sees it', (_, makeProject, makeOther) => {
  let auth: TestAuth;
  let other: TestAuth;
  let identity: FirebaseIdentity;
  beforeAll(() => {
    auth = makeProject();
    other = makeOther();
    identity = auth.identity();
  });
  afterAll(() => identity.close());

  it('verifies a fresh token as its account: uid, e-mail in lower case, the sign-in time in whole seconds', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const email = uniqueEmail('Contract').replace('Contract', 'CoNtRaCt');
    const account = await auth.signUp(email);
    const verified = await identity.verifyIdToken(account.idToken);
    expect(verified).toEqual({ uid: account.uid, email: email.toLowerCase(), signedInAt: expect.any(Date) });
    expect(verified!.signedInAt.getTime() % 1000).toBe(0);
    expect(verified!.signedInAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(verified!.signedInAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(claimsOf(account.idToken)).toMatchObject({ sub: account.uid, email_verified: false });
  });

  it("dates each sign-in anew: a later sign-in's token has a later sign-in time", async () => {
    const account = await auth.signUp();
    await nextSecond();
    const again = await auth.signIn(account.email);
    const first = await identity.verifyIdToken(account.idToken);
    const second = await identity.verifyIdToken(again);
    expect(second!.signedInAt.getTime()).toBeGreaterThan(first!.signedInAt.getTime());
  });

  it('refuses with null: garbage, an altered token, one of another project, one of the other kind', async () => {
    const account = await auth.signUp();
    expect(await identity.verifyIdToken('not-a-token')).toBeNull();
    expect(await identity.verifyIdToken('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.')).toBeNull();
    expect(await identity.verifyIdToken(withClaims(account.idToken, { aud: 'demo-other', iss: 'x' }))).toBeNull();
    expect(await identity.verifyIdToken(withClaims(account.idToken, { exp: 1_000_000_000 }))).toBeNull();
    const foreign = await other.signUp();
    expect(await identity.verifyIdToken(foreign.idToken)).toBeNull();
  });

  it('refuses a wrong password at sign-in', async () => {
    const account = await auth.signUp();
    await expect(auth.signIn(account.email, 'wrong-password')).rejects.toThrow();
    await expect(auth.signIn(account.email, TEST_PASSWORD)).resolves.toEqual(expect.any(String));
  });

  it('says a new account is enabled, with no tokensValidAfter before the current second', async () => {
    const account = await auth.signUp();
    const status = await identity.accountStatus(account.uid);
    expect(status.disabled).toBe(false);
    if (status.tokensValidAfter) expect(status.tokensValidAfter.getTime()).toBeLessThanOrEqual(Date.now());
    // A session from this sign-up must not count as older than the account's tokensValidAfter.
    const verified = await identity.verifyIdToken(account.idToken);
    expect(verified!.signedInAt.getTime()).toBeGreaterThanOrEqual(status.tokensValidAfter?.getTime() ?? 0);
  });

  it('throws the 403 for a valid token of a disabled account, which cannot sign in again', async () => {
    const account = await auth.signUp();
    await auth.disable(account.uid);
    const refusal = await identity.verifyIdToken(account.idToken).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 403, message: ACCOUNT_DISABLED_MESSAGE() });
    expect((await identity.accountStatus(account.uid)).disabled).toBe(true);
    await expect(auth.signIn(account.email)).rejects.toThrow();
    // Not asserted: a reset code for a disabled account. The emulator gives one; hosted Firebase answers
    // auth/user-disabled, which identity.ts turns into none. No route's outcome depends on which.
    // Disabled, a token that is not valid in itself stays a plain null.
    expect(await identity.verifyIdToken(withClaims(account.idToken, { aud: 'demo-other' }))).toBeNull();
  });

  it('treats a deleted account as gone: its token is null, its status disabled, revoking it a no-op', async () => {
    const account = await auth.signUp();
    await auth.remove(account.uid);
    expect(await identity.verifyIdToken(account.idToken)).toBeNull();
    expect(await identity.accountStatus(account.uid)).toEqual({ disabled: true, tokensValidAfter: undefined });
    await expect(identity.revokeRefreshTokens(account.uid)).resolves.toBeUndefined();
    expect(await identity.passwordResetCode(account.email)).toBeUndefined();
  });

  it('ends earlier sign-ins on revocation: tokensValidAfter moves to a whole second, later sign-ins count', async () => {
    const account = await auth.signUp();
    await nextSecond();
    const before = Date.now();
    await identity.revokeRefreshTokens(account.uid);
    const status = await identity.accountStatus(account.uid);
    expect(status.disabled).toBe(false);
    expect(status.tokensValidAfter!.getTime() % 1000).toBe(0);
    expect(status.tokensValidAfter!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(status.tokensValidAfter!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await identity.verifyIdToken(account.idToken)).toBeNull();
    const fresh = await auth.signIn(account.email);
    expect(await identity.verifyIdToken(fresh)).toMatchObject({ uid: account.uid });
  });

  it('gives a reset code for an account (none for an unknown address) that sets a new password once', async () => {
    const account = await auth.signUp();
    expect(await identity.passwordResetCode(uniqueEmail('nobody'))).toBeUndefined();
    const code = await identity.passwordResetCode(account.email.toUpperCase());
    expect(code).toEqual(expect.any(String));
    await nextSecond();
    await auth.confirmPasswordReset(code!, 'a-new-password-2');
    await expect(auth.confirmPasswordReset(code!, 'yet-another-3')).rejects.toThrow();
    await expect(auth.signIn(account.email, TEST_PASSWORD)).rejects.toThrow();
    const fresh = await auth.signIn(account.email, 'a-new-password-2');
    expect(await identity.verifyIdToken(fresh)).toMatchObject({ uid: account.uid });
    // The reset ends the sign-ins made with the old password.
    expect(await identity.verifyIdToken(account.idToken)).toBeNull();
    const status = await identity.accountStatus(account.uid);
    expect(status.tokensValidAfter!.getTime()).toBeGreaterThan((claimsOf(account.idToken).auth_time as number) * 1000);
  });

  it('makes an account once for the demo data, and finds it again by its e-mail', async () => {
    const email = uniqueEmail('demo');
    const uid = await identity.ensureAccount({ email, password: TEST_PASSWORD, displayName: 'Demo' });
    expect(await identity.ensureAccount({ email, password: TEST_PASSWORD, displayName: 'Demo' })).toBe(uid);
    const token = await auth.signIn(email);
    expect(await identity.verifyIdToken(token)).toMatchObject({ uid, email });
  });

  it('verifies a phone sign-in as its account: the number in E.164, no e-mail', async () => {
    const phone = uniqueBdPhone();
    const account = await auth.signInWithPhone(phone);
    expect(account.phoneNumber).toBe(phone);
    const verified = await identity.verifyIdToken(account.idToken);
    expect(verified).toEqual({ uid: account.uid, email: undefined, phoneNumber: phone, signedInAt: expect.any(Date) });
    expect(claimsOf(account.idToken)).toMatchObject({ sub: account.uid, phone_number: phone });
    expect(claimsOf(account.idToken)).not.toHaveProperty('email');
    // The same number signs in to the same account again.
    expect((await auth.signInWithPhone(phone)).uid).toBe(account.uid);
  });

  it('adds a linked number to an e-mail account’s fresh token', async () => {
    const account = await auth.signUp();
    expect((await identity.verifyIdToken(account.idToken))?.phoneNumber).toBeUndefined();
    const phone = uniqueBdPhone();
    const linked = await auth.linkPhone(account.idToken, phone);
    expect(await identity.verifyIdToken(linked)).toMatchObject({
      uid: account.uid,
      email: account.email,
      phoneNumber: phone,
    });
    // Signing in with that number is signing in to the linked account.
    expect((await auth.signInWithPhone(phone)).uid).toBe(account.uid);
    // Not asserted: linking a number another account holds. The emulator lets it; hosted Firebase refuses
    // (credential-already-in-use). verify-phone refuses a number another Basha account proved either way.
  });

  it('makes a phone account once for the demo data, and finds it again by its number', async () => {
    const phone = uniqueBdPhone();
    const uid = await identity.ensurePhoneAccount({ phoneNumber: phone, displayName: 'Demo' });
    expect(await identity.ensurePhoneAccount({ phoneNumber: phone, displayName: 'Demo' })).toBe(uid);
    expect((await auth.signInWithPhone(phone)).uid).toBe(uid);
  });
});
