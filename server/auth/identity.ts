import { randomUUID } from 'node:crypto';
import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { AppConfig } from '../config/env';
import { HttpError } from '../http/errors';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Firebase identity, seen from the server: verifies Firebase ID tokens (firebase-admin) and, for demo data,
 * creates accounts. With a `demo-` project everything goes to the local Auth emulator, whose accounts are
 * persisted to disk through the emulator hub after each new account.
 */

export interface VerifiedIdentity {
  uid: string;
  /** Lower-cased; undefined for an account made with a phone number (issue 40). */
  email: string | undefined;
  /**
   * The number Firebase's phone provider proved (the token's `phone_number`, E.164: `+8801712345678`): set for a
   * phone sign-in and for an account that linked a phone; undefined otherwise.
   */
  phoneNumber: string | undefined;
  /** When the person signed in (the token's auth_time, whole seconds on Firebase's clock); refreshes keep it. */
  signedInAt: Date;
}

export const ACCOUNT_DISABLED_MESSAGE = (): string => m.server_account_disabled();
export const SIGN_IN_SERVICE_UNAVAILABLE_MESSAGE = (): string => m.server_sign_in_unavailable();

/** What Firebase says about an account now, for sessions made from its earlier sign-ins. */
export interface FirebaseAccountStatus {
  /** Disabled, or deleted. */
  disabled: boolean;
  /**
   * Sign-ins from before this moment no longer count: Firebase moves it on a password change or reset and when
   * refresh tokens are revoked (whole seconds, as Firebase keeps it).
   */
  tokensValidAfter: Date | undefined;
}

export interface IdentityVerifier {
  /**
   * The identity behind a Firebase ID token, or null when the token is invalid, expired or revoked. A valid
   * token of a disabled account throws a 403 that says so.
   */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity | null>;
  /** Whether the Firebase account is disabled or gone, and since when its sign-ins count. Throws on an outage. */
  accountStatus(uid: string): Promise<FirebaseAccountStatus>;
  /** Ends every Firebase sign-in of the account: its refresh tokens stop working on every device. */
  revokeRefreshTokens(uid: string): Promise<void>;
  /**
   * A password-reset code (the `oobCode` of firebase-admin's reset link) for the account with this e-mail, or
   * undefined when there is no such account (or it is disabled). Basha mails its own link with it.
   */
  passwordResetCode(email: string): Promise<string | undefined>;
  /** Saves the emulator's accounts so a crash loses none. A no-op for hosted Firebase and in tests. */
  persistAccounts(): Promise<void>;
}

export interface AccountDirectory {
  /** Creates an e-mail/password account, or returns the uid of the existing one with that e-mail. */
  ensureAccount(account: { email: string; password: string; displayName: string }): Promise<string>;
  /** Creates a phone-only account (E.164 number), or returns the uid of the existing one with that number. */
  ensurePhoneAccount(account: { phoneNumber: string; displayName: string }): Promise<string>;
}

export interface FirebaseIdentity extends IdentityVerifier, AccountDirectory {
  close(): Promise<void>;
}

// Codes firebase-admin uses when the token itself is not acceptable; anything else is an outage, not a 401.
const REJECTED_TOKEN_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-id-token',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/user-not-found',
]);

const EXPORT_TIMEOUT_MS = 10_000;

// generatePasswordResetLink's answers for an address that has no account to reset (unknown, or disabled).
const NO_RESET_CODES = new Set(['auth/email-not-found', 'auth/user-not-found', 'auth/user-disabled']);

export interface FirebaseIdentityOptions {
  /** Where emulator accounts are exported after each change; omit to skip (tests). */
  persistDir?: string;
  onPersistError?: (error: unknown) => void;
}

export function createFirebaseIdentity(config: AppConfig, options: FirebaseIdentityOptions = {}): FirebaseIdentity {
  const emulator = config.firebase.emulator;
  if (emulator) {
    // firebase-admin reads this variable on every call; it must be set before the first one.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  }
  // A unique app name lets several servers (tests) live in one process.
  const app: App = initializeApp(
    emulator
      ? { projectId: config.firebase.projectId }
      : { projectId: config.firebase.projectId, credential: applicationDefault() },
    `basha-${randomUUID()}`,
  );
  const auth: Auth = getAuth(app);

  return {
    async verifyIdToken(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken, true);
        return {
          uid: decoded.uid,
          email: decoded.email?.toLowerCase(),
          phoneNumber: typeof decoded.phone_number === 'string' ? decoded.phone_number : undefined,
          signedInAt: new Date(decoded.auth_time * 1000),
        };
      } catch (error) {
        // firebase-admin checks the account only after the token itself proved valid: the caller is who they say.
        if (isFirebaseCode(error) && error.code === 'auth/user-disabled') {
          throw new HttpError(403, ACCOUNT_DISABLED_MESSAGE());
        }
        if (isFirebaseCode(error) && REJECTED_TOKEN_CODES.has(error.code)) return null;
        throw new HttpError(503, SIGN_IN_SERVICE_UNAVAILABLE_MESSAGE(), { cause: error });
      }
    },

    async accountStatus(uid) {
      try {
        const account = await auth.getUser(uid);
        const validAfter = account.tokensValidAfterTime ? new Date(account.tokensValidAfterTime) : undefined;
        return {
          disabled: account.disabled,
          tokensValidAfter: validAfter && !Number.isNaN(validAfter.getTime()) ? validAfter : undefined,
        };
      } catch (error) {
        if (isFirebaseCode(error) && error.code === 'auth/user-not-found') {
          return { disabled: true, tokensValidAfter: undefined };
        }
        throw error;
      }
    },

    async revokeRefreshTokens(uid) {
      try {
        await auth.revokeRefreshTokens(uid);
      } catch (error) {
        // A deleted account has no sign-ins left to end.
        if (!(isFirebaseCode(error) && error.code === 'auth/user-not-found')) throw error;
      }
    },

    async passwordResetCode(email) {
      try {
        const link = await auth.generatePasswordResetLink(email);
        return new URL(link).searchParams.get('oobCode') ?? undefined;
      } catch (error) {
        if (isFirebaseCode(error) && NO_RESET_CODES.has(error.code)) return undefined;
        throw error;
      }
    },

    async persistAccounts() {
      if (!emulator || !options.persistDir) return;
      try {
        const response = await fetch(`http://${emulator.host}:${emulator.hubPort}/_admin/export`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ path: options.persistDir, initiatedBy: 'basha' }),
          signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`emulator export answered ${response.status}: ${await response.text()}`);
      } catch (error) {
        options.onPersistError?.(error);
      }
    },

    async ensureAccount({ email, password, displayName }) {
      try {
        return (await auth.createUser({ email, password, displayName, emailVerified: true })).uid;
      } catch (error) {
        if (isFirebaseCode(error) && error.code === 'auth/email-already-exists') {
          return (await auth.getUserByEmail(email)).uid;
        }
        throw error;
      }
    },

    async ensurePhoneAccount({ phoneNumber, displayName }) {
      try {
        return (await auth.createUser({ phoneNumber, displayName })).uid;
      } catch (error) {
        if (isFirebaseCode(error) && error.code === 'auth/phone-number-already-exists') {
          return (await auth.getUserByPhoneNumber(phoneNumber)).uid;
        }
        throw error;
      }
    },

    close: () => deleteApp(app),
  };
}

function isFirebaseCode(error: unknown): error is { code: string } {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';
}
