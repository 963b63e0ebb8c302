import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';
import { PHONE_MAX_LENGTH } from './constants';
import { phoneField } from './fields';
import { PHONE_PATTERN } from './patterns';
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { toLatinDigits } from '@/i18n/digits';
import { METADATA, normaliseBdPhone, TYPED_NUMBER } from './phone';

/**
 * The number form of /auth/phone (issue 40, point 3): a Bangladesh mobile number typed in any usual form, in
 * Latin or Bangla digits, kept as E.164 (`+8801712345678`), the form Firebase's phone sign-in takes. A number of
 * another country and a landline each get their own message; anything else is asked for as a BD mobile number.
 */

/** `+8801712345678`, the E.164 form Firebase's phone sign-in takes, for a number typed in any usual form. */
export function bdPhoneToE164(text: string): string | undefined {
  const normalised = normaliseBdPhone(text);
  return normalised === undefined ? undefined : normalised.replace(/[\s-]/g, '');
}

/**
 * Why a typed number is no Bangladesh mobile number, so that the phone sign-in page can say what to do: a number
 * of another country (`+44 20 7946 0958`, `0044 ...`), a Bangladesh landline (`02-9551234`), or anything else
 * (a digit short, no such operator, letters). Undefined for a Bangladesh mobile number.
 */
export type BdMobileProblem = 'other-country' | 'landline' | 'not-mobile';

export function bdMobileProblem(text: string): BdMobileProblem | undefined {
  if (normaliseBdPhone(text) !== undefined) return undefined;
  const latin = toLatinDigits(text).trim();
  if (!TYPED_NUMBER.test(latin)) return 'not-mobile';
  const international = /^(\+|00)/.test(latin.replace(/[\s\-().]/g, ''));
  const phone = parsePhoneNumberFromString(latin, 'BD', METADATA);
  if (!phone || phone.country !== 'BD') return international ? 'other-country' : 'not-mobile';
  // Bangladesh's mobile numbers are 1X XXXX XXXX; a possible number of another first digit is a landline.
  return phone.isPossible() && !phone.nationalNumber.startsWith('1') ? 'landline' : 'not-mobile';
}

/** Each rule speaks only about a number the shape rules passed: one message at a time. */
const shaped = (value: string) => value.length <= PHONE_MAX_LENGTH && PHONE_PATTERN.test(value);

export const phoneSignInFormSchema = v.object({
  phoneNumber: v.pipe(
    phoneField(() => m.accounts_phone_required()),
    v.check(
      (value) => !shaped(value) || bdMobileProblem(value) !== 'other-country',
      () => m.accounts_phone_other_country(),
    ),
    v.check(
      (value) => !shaped(value) || bdMobileProblem(value) !== 'landline',
      () => m.accounts_phone_landline(),
    ),
    v.check(
      (value) => !shaped(value) || bdMobileProblem(value) !== 'not-mobile',
      () => m.share_phone_not_bd(),
    ),
    v.transform((value) => bdPhoneToE164(value) ?? value),
  ),
});

export type PhoneSignInFormInput = v.InferInput<typeof phoneSignInFormSchema>;
export type PhoneSignInFormValues = v.InferOutput<typeof phoneSignInFormSchema>;
