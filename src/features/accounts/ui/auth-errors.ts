import { m } from '@/i18n/generated/messages.js';
import { firebaseErrorCode } from '@/lib/firebase';

/**
 * Human messages for the Firebase errors people actually meet on the account pages: functions, so each is read
 * in the page's language when the error happens.
 */
const FIREBASE_MESSAGES: Record<string, () => string> = {
  'auth/email-already-in-use': m.accounts_error_email_in_use,
  'auth/invalid-email': m.accounts_error_invalid_email,
  'auth/weak-password': m.accounts_password_too_short,
  'auth/invalid-credential': m.accounts_error_sign_in_failed,
  'auth/wrong-password': m.accounts_error_sign_in_failed,
  'auth/user-not-found': m.accounts_error_sign_in_failed,
  'auth/user-disabled': m.accounts_error_user_disabled,
  'auth/too-many-requests': m.accounts_error_too_many_requests,
  'auth/network-request-failed': m.accounts_error_network,
};

export function firebaseMessage(error: unknown): string | undefined {
  const code = firebaseErrorCode(error);
  return code && Object.hasOwn(FIREBASE_MESSAGES, code) ? FIREBASE_MESSAGES[code]?.() : undefined;
}
