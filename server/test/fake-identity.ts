import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_DISABLED_MESSAGE, type FirebaseIdentity, type VerifiedIdentity } from '../auth/identity';
import { HttpError } from '../http/errors';
import { TEST_PASSWORD, uniqueEmail, type FirebaseAccount, type TestAuth } from './test-auth';

/**
 * A Firebase project that lives in the test process: it issues ID tokens and verifies them itself, so route tests
 * need no round trip to the Auth emulator for every person they sign up. It keeps to what the server relies on
 * from firebase-admin (server/auth/identity.ts), checked against the real emulator by
 * server/auth/identity-contract.test.ts:
 *
 * - a token is a JWT signed with this project's own key (HS256 here, RS256 in Firebase): any other token, a
 *   tampered one, an expired one or one of another project is no identity (`verifyIdToken` answers null);
 * - `auth_time` is the sign-in time in whole seconds, kept by every token of that sign-in;
 * - a disabled account's valid token throws the 403 HttpError that says so (firebase-admin's auth/user-disabled),
 *   checked before revocation as firebase-admin checks it; a deleted account's token is no identity;
 * - revoking, or resetting the password, moves the account's tokensValidAfter to the current whole second, and
 *   a token whose auth_time is earlier is no identity any more (firebase-admin's checkRevoked);
 * - a password-reset code exists for an account that is there, and works once.
 *
 * Time is the wall clock, as it is for the emulator: tests move their app's clock, not Firebase's.
 */

interface FakeAccount {
  uid: string;
  /** Empty for an account made with a phone number. */
  email: string;
  /** E.164, for an account made with or linked to a phone number. */
  phoneNumber: string | undefined;
  password: string;
  disabled: boolean;
  /** Milliseconds, whole seconds: tokensValidAfter, undefined until the sign-ins are revoked or the password reset. */
  validSince: number | undefined;
}

interface FakeClaims {
  iss: string;
  aud: string;
  sub: string;
  user_id: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  auth_time: number;
  iat: number;
  exp: number;
  firebase: { identities: { email?: string[]; phone?: string[] }; sign_in_provider: 'password' | 'phone' };
}

const TOKEN_LIFETIME_S = 60 * 60;
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export interface FakeFirebase extends TestAuth {
  readonly projectId: string;
}

export function createFakeFirebase(projectId = `demo-fake-${randomUUID().slice(0, 8)}`): FakeFirebase {
  const key = randomBytes(32);
  const accounts = new Map<string, FakeAccount>();
  const resetCodes = new Map<string, string>();
  const byEmail = (email: string) =>
    [...accounts.values()].find((account) => account.email !== '' && account.email === email.toLowerCase());
  const byPhone = (phoneNumber: string) =>
    [...accounts.values()].find((account) => account.phoneNumber === phoneNumber);
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  const sign = (payload: string) => createHmac('sha256', key).update(`${HEADER}.${payload}`).digest();

  // As Firebase's: `email` only for an account that has one, `phone_number` only for one with a number.
  function issueToken(account: FakeAccount, provider: 'password' | 'phone' = 'password'): string {
    const now = nowSeconds();
    const claims: FakeClaims = {
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      sub: account.uid,
      user_id: account.uid,
      ...(account.email ? { email: account.email, email_verified: false } : {}),
      ...(account.phoneNumber ? { phone_number: account.phoneNumber } : {}),
      auth_time: now,
      iat: now,
      exp: now + TOKEN_LIFETIME_S,
      firebase: {
        identities: {
          ...(account.email ? { email: [account.email] } : {}),
          ...(account.phoneNumber ? { phone: [account.phoneNumber] } : {}),
        },
        sign_in_provider: provider,
      },
    };
    const payload = base64url(JSON.stringify(claims));
    return `${HEADER}.${payload}.${sign(payload).toString('base64url')}`;
  }

  /** The token's claims when this project signed it and it has not expired; undefined for anything else. */
  function readToken(token: string): FakeClaims | undefined {
    const [header, payload, signature, ...rest] = token.split('.');
    if (header !== HEADER || !payload || !signature || rest.length > 0) return undefined;
    const given = Buffer.from(signature, 'base64url');
    const expected = sign(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as FakeClaims;
    if (claims.aud !== projectId || claims.exp <= nowSeconds()) return undefined;
    return claims;
  }

  function enabledAccount(email: string, password: string): FakeAccount {
    const account = byEmail(email);
    if (!account || account.password !== password) throw new Error('fake Firebase: INVALID_LOGIN_CREDENTIALS');
    if (account.disabled) throw new Error('fake Firebase: USER_DISABLED');
    return account;
  }

  function identity(): FirebaseIdentity {
    return {
      async verifyIdToken(idToken): Promise<VerifiedIdentity | null> {
        const claims = readToken(idToken);
        if (!claims) return null;
        const account = accounts.get(claims.sub);
        if (!account) return null;
        if (account.disabled) throw new HttpError(403, ACCOUNT_DISABLED_MESSAGE());
        if (account.validSince !== undefined && claims.auth_time * 1000 < account.validSince) return null;
        return {
          uid: account.uid,
          email: claims.email?.toLowerCase(),
          phoneNumber: claims.phone_number,
          signedInAt: new Date(claims.auth_time * 1000),
        };
      },
      async accountStatus(uid) {
        const account = accounts.get(uid);
        if (!account) return { disabled: true, tokensValidAfter: undefined };
        return {
          disabled: account.disabled,
          tokensValidAfter: account.validSince === undefined ? undefined : new Date(account.validSince),
        };
      },
      async revokeRefreshTokens(uid) {
        const account = accounts.get(uid);
        if (account) account.validSince = nowSeconds() * 1000;
      },
      async passwordResetCode(email) {
        // A disabled account gets one too, as from the emulator (hosted Firebase refuses, identity.ts says none).
        const account = byEmail(email);
        if (!account) return undefined;
        const code = randomBytes(24).toString('base64url');
        resetCodes.set(code, account.uid);
        return code;
      },
      async persistAccounts() {},
      async ensureAccount({ email, password }) {
        return byEmail(email)?.uid ?? addAccount(email, password).uid;
      },
      async ensurePhoneAccount({ phoneNumber }) {
        return byPhone(phoneNumber)?.uid ?? addAccount('', '', phoneNumber).uid;
      },
      async close() {},
    };
  }

  function addAccount(email: string, password: string, phoneNumber?: string): FakeAccount {
    if (email && byEmail(email)) throw new Error('fake Firebase: EMAIL_EXISTS');
    // Firebase's uids are 28 characters of letters and digits.
    const uid = randomBytes(21).toString('base64url').replace(/[-_]/g, 'x');
    const account: FakeAccount = {
      uid,
      email: email.toLowerCase(),
      phoneNumber,
      password,
      disabled: false,
      validSince: undefined,
    };
    accounts.set(uid, account);
    return account;
  }

  return {
    projectId,
    async signUp(email = uniqueEmail(), password = TEST_PASSWORD): Promise<FirebaseAccount> {
      const account = addAccount(email, password);
      // The address as given, as the emulator helpers hand it back; Firebase keeps it in lower case.
      return { uid: account.uid, email, idToken: issueToken(account) };
    },
    async signInWithPhone(phoneNumber) {
      const existing = byPhone(phoneNumber);
      if (existing?.disabled) throw new Error('fake Firebase: USER_DISABLED');
      const account = existing ?? addAccount('', '', phoneNumber);
      return { uid: account.uid, phoneNumber, idToken: issueToken(account, 'phone') };
    },
    async linkPhone(idToken, phoneNumber) {
      const claims = readToken(idToken);
      const account = claims ? accounts.get(claims.sub) : undefined;
      if (!account) throw new Error('fake Firebase: INVALID_ID_TOKEN');
      // As the emulator: a number another account holds is linked all the same (hosted Firebase refuses).
      account.phoneNumber = phoneNumber;
      return issueToken(account);
    },
    async signIn(email, password = TEST_PASSWORD) {
      return issueToken(enabledAccount(email, password));
    },
    async disable(uid) {
      const account = accounts.get(uid);
      if (!account) throw new Error(`fake Firebase: no account ${uid}`);
      account.disabled = true;
    },
    async remove(uid) {
      accounts.delete(uid);
    },
    async confirmPasswordReset(oobCode, newPassword) {
      const uid = resetCodes.get(oobCode);
      const account = uid ? accounts.get(uid) : undefined;
      if (!account) throw new Error('fake Firebase: INVALID_OOB_CODE');
      resetCodes.delete(oobCode);
      if (account.disabled) throw new Error('fake Firebase: USER_DISABLED');
      account.password = newPassword;
      account.validSince = nowSeconds() * 1000;
    },
    identity,
  };
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
