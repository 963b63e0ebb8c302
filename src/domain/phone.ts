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

export const METADATA = BD_PHONE_METADATA;

/** Characters a typed number may hold besides digits: what PHONE_PATTERN allows, and dots. */
export const TYPED_NUMBER = /^\+?[\d\s\-().]+$/;

/** `+880 1712-345678` for a number typed in any of the usual forms, or undefined when it is no BD mobile number. */
export function normaliseBdPhone(text: string): string | undefined {
  const latin = toLatinDigits(text).trim();
  if (!TYPED_NUMBER.test(latin) || (latin.match(/\d/g)?.length ?? 0) > 15) return undefined;
  const phone = parsePhoneNumberFromString(latin, 'BD', METADATA);
  if (!phone || phone.country !== 'BD' || !phone.isValid() || phone.getType() !== 'MOBILE') return undefined;
  const national = phone.nationalNumber;
  return `+880 ${national.slice(0, 4)}-${national.slice(4)}`;
}
