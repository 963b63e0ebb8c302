import { firebaseErrorCode } from '@/lib/firebase';

/** Human messages for the Firebase errors people actually meet on the account pages. */
const FIREBASE_MESSAGES: Record<string, string> = {
  'auth/email-already-in-use': 'This email is already registered. Please sign in instead.',
  'auth/invalid-email': 'The email address is not valid.',
  'auth/weak-password': 'Password must be at least 6 characters long',
  'auth/invalid-credential': 'Firebase login failed. Check your credentials again.',
  'auth/wrong-password': 'Firebase login failed. Check your credentials again.',
  'auth/user-not-found': 'Firebase login failed. Check your credentials again.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/network-request-failed': 'Network error. Please check your internet connection.',
};

export function firebaseMessage(error: unknown): string | undefined {
  const code = firebaseErrorCode(error);
  return code ? FIREBASE_MESSAGES[code] : undefined;
}
