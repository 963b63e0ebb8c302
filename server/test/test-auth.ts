import { randomInt, randomUUID } from 'node:crypto';
import type { FirebaseIdentity } from '../auth/identity';

/**
 * One Firebase project as the tests see it from both sides: what the browser does (sign up, sign in, confirm a
 * password reset with a mailed code), what a support person does (disable an account), and the server's view of
 * it (`identity`, the `AppDeps.identity` of an app over this project). Two of them exist: the real Auth emulator
 * (server/test/emulator-auth.ts), for the files whose subject is identity itself, and an in-process fake
 * (server/test/fake-identity.ts) for every other route test. server/auth/identity-contract.test.ts runs the same
 * assertions against both, so the fake cannot drift from what the routes get from Firebase.
 */
export interface TestAuth {
  /** A new e-mail/password account, signed in: its uid, its (lower-cased) e-mail and a fresh ID token. */
  signUp(email?: string, password?: string): Promise<FirebaseAccount>;
  /**
   * A new account made by signing in with a phone number (Firebase's phone provider, E.164 `+8801712345678`):
   * no e-mail, the number in the token's `phone_number`. Signs in again when the number already has an account.
   */
  signInWithPhone(phoneNumber: string): Promise<PhoneAccount>;
  /** Links a phone number to a signed-in account (the SDK's linkWithPhoneNumber): a fresh ID token holding it. */
  linkPhone(idToken: string, phoneNumber: string): Promise<string>;
  /** A fresh ID token for the account; throws when the password is wrong or the account is disabled. */
  signIn(email: string, password?: string): Promise<string>;
  /** Disables the account, as a support person does in the Firebase console. */
  disable(uid: string): Promise<void>;
  /** Deletes the account, as a support person does in the Firebase console. */
  remove(uid: string): Promise<void>;
  /** What the browser's confirmPasswordReset does with a code from `identity.passwordResetCode`. */
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<void>;
  /** The server's side: a new verifier over this project, as each app instance makes its own. */
  identity(): FirebaseIdentity;
}

export interface FirebaseAccount {
  uid: string;
  email: string;
  idToken: string;
}

export interface PhoneAccount {
  uid: string;
  /** E.164, as Firebase keeps it. */
  phoneNumber: string;
  idToken: string;
}

/** A Bangladesh mobile number (Grameenphone's 017), E.164, random enough that no other test of the run has it. */
export function uniqueBdPhone(): string {
  return `+88017${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

export const TEST_PASSWORD = 'secret-pass-1';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}
