import { m } from '@/i18n/generated/messages.js';
import { firebaseErrorCode } from '@/lib/firebase';
import { firebaseMessage } from './auth-errors';

/**
 * What the phone pages say when Firebase refuses (issue 40): a wrong code is said under the code field, anything
 * else (an expired code, too many codes or tries, which the demo stack's proxy and Firebase both answer with
 * TOO_MANY_ATTEMPTS_TRY_LATER, a number Firebase does not take) as the page's message. Functions, read in the page's
 * language when the error happens. The sign-in page does not load this.
 */
const PHONE_MESSAGES: Record<string, () => string> = {
  'auth/invalid-verification-code': m.accounts_phone_code_wrong,
  'auth/missing-verification-code': m.accounts_phone_code_wrong,
  'auth/code-expired': m.accounts_phone_code_expired,
  'auth/invalid-verification-id': m.accounts_phone_code_expired,
  'auth/too-many-requests': m.accounts_phone_too_many,
  'auth/quota-exceeded': m.accounts_phone_too_many,
  'auth/invalid-phone-number': m.share_phone_not_bd,
  'auth/missing-phone-number': m.accounts_phone_required,
  // Adding a number or an address to one's account (./add-contact-page.tsx): the number is another account's (the
  // server's own words for it), or the Firebase sign-in on this phone is gone or too old for the change.
  'auth/credential-already-in-use': m.server_phone_taken,
  'auth/account-exists-with-different-credential': m.server_phone_taken,
  'auth/user-token-expired': m.accounts_add_sign_in_again,
  'auth/requires-recent-login': m.accounts_add_sign_in_again,
};

export interface PhoneRefusal {
  message: string;
  /** The field the refusal is about, said under it: a wrong code, a number Firebase does not take. */
  field?: 'code' | 'number';
}

const FIELD_OF: Record<string, PhoneRefusal['field']> = {
  'auth/invalid-verification-code': 'code',
  'auth/missing-verification-code': 'code',
  'auth/invalid-phone-number': 'number',
  'auth/missing-phone-number': 'number',
};

/** Refusals whose own words, when the answer has some, are said instead of the page's. */
const SAID_IN_SERVER_WORDS = new Set(['auth/too-many-requests']);

/**
 * The words of the answer behind a Firebase error, when it had some: the SDK makes the message of a Google error
 * answer "CODE : words" into "Firebase: words (auth/code).", and one without words into "Firebase: Error (auth/code).".
 * The demo stack's proxy refuses SMS codes past Basha's limits (server/http/limits.ts) in the request's language
 * and says how long to wait, which is better than the page's general "too many".
 */
export function serverWords(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const words = /^Firebase: (.+) \(auth\/[\w-]+\)\.?$/su.exec(error.message)?.[1]?.trim();
  return words && words !== 'Error' ? words : undefined;
}

/** The refusal of a Firebase phone call, or undefined when the error is not Firebase's (a Basha API answer). */
export function phoneRefusal(error: unknown): PhoneRefusal | undefined {
  const code = firebaseErrorCode(error);
  const ownWords = code && SAID_IN_SERVER_WORDS.has(code) ? serverWords(error) : undefined;
  const phoneMessage = ownWords ?? (code && Object.hasOwn(PHONE_MESSAGES, code) ? PHONE_MESSAGES[code]?.() : undefined);
  const message = phoneMessage ?? firebaseMessage(error);
  if (message === undefined) return undefined;
  const field = code && Object.hasOwn(FIELD_OF, code) ? FIELD_OF[code] : undefined;
  return field ? { message, field } : { message };
}
