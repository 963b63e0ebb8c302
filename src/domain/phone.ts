import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { toLatinDigits } from '@/i18n/digits';
import { BD_PHONE_METADATA } from './phone-metadata';

/**
 * Phone numbers in one form: Bangladesh mobile numbers, stored and shown as `+880 1XXX-XXXXXX`. People type them
 * in many ways (01712345678, +8801712345678, 8801712345678, 0088 01712-345678, with spaces, dashes or dots, in
 * Latin or Bangla digits); each that libphonenumber-js finds a valid Bangladesh mobile number becomes that one
 * form. Calls and WhatsApp links are made from it
 * by ./phone-links.ts, which the pages that only show numbers load instead of this.
 */

const METADATA = BD_PHONE_METADATA;

/** Characters a typed number may hold besides digits: what PHONE_PATTERN allows, and dots. */
const TYPED_NUMBER = /^\+?[\d\s\-().]+$/;

/** `+880 1712-345678` for a number typed in any of the usual forms, or undefined when it is no BD mobile number. */
export function normaliseBdPhone(text: string): string | undefined {
  const latin = toLatinDigits(text).trim();
  if (!TYPED_NUMBER.test(latin) || (latin.match(/\d/g)?.length ?? 0) > 15) return undefined;
  const phone = parsePhoneNumberFromString(latin, 'BD', METADATA);
  if (!phone || phone.country !== 'BD' || !phone.isValid() || phone.getType() !== 'MOBILE') return undefined;
  const national = phone.nationalNumber;
  return `+880 ${national.slice(0, 4)}-${national.slice(4)}`;
}

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
