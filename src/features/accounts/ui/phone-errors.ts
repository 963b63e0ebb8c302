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

/** The refusal of a Firebase phone call, or undefined when the error is not Firebase's (a Basha API answer). */
export function phoneRefusal(error: unknown): PhoneRefusal | undefined {
  const code = firebaseErrorCode(error);
  const phoneMessage = code && Object.hasOwn(PHONE_MESSAGES, code) ? PHONE_MESSAGES[code]?.() : undefined;
  const message = phoneMessage ?? firebaseMessage(error);
  if (message === undefined) return undefined;
  const field = code && Object.hasOwn(FIELD_OF, code) ? FIELD_OF[code] : undefined;
  return field ? { message, field } : { message };
}
