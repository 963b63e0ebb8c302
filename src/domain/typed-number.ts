import { toLatinDigits } from '@/i18n/digits';

/**
 * Numbers as people type them (issue 39): the one reader behind every number field (rent and service prices, the
 * lists' price filters) and behind the digits of postal codes. Basha prints amounts grouped ("৳১৮,০০০",
 * "BDT 18,000"), so people type them that way, in Latin or Bangla digits, with or without the currency.
 *
 * What reads as a number:
 * - digits in either script, mixed too ("১৮000");
 * - grouping by commas or single spaces, in the thousands (120,000) or the lakh way Bangladesh writes
 *   (1,20,000: the last three digits, then pairs); one or the other, each group whole;
 * - a currency before or after: "৳", "BDT", "Tk", "Tk.", "Taka", "টাকা", and the "/-" or "/=" that closes an
 *   amount on a Bangladeshi receipt ("18,000/-");
 * - a minus sign (the rules then say "more than 0", which is clearer than "not a number");
 * - a decimal point with one or two digits after it ("1.5", "99.50"): the rules then say "whole taka".
 *
 * What does not, and why (the person is told, `reason`):
 * - anything else in it ("12abc", "twelve", "১২ হাজার"): `not-a-number`;
 * - commas or spaces that group no way a person writes numbers ("1,2,3", "12,00", "1,0000"), and a point
 *   followed by three digits ("18.000"), which in much of the world means eighteen thousand and here would mean
 *   eighteen: `grouping`. Guessing would turn a typo into a wrong price nobody notices.
 *
 * Pure: no DOM, no storage; the server reads a typed string with it too.
 */

export type TypedNumber =
  | { readonly kind: 'blank' }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'unreadable'; readonly reason: 'not-a-number' | 'grouping' };

const BLANK: TypedNumber = { kind: 'blank' };
const NOT_A_NUMBER: TypedNumber = { kind: 'unreadable', reason: 'not-a-number' };
const GROUPING: TypedNumber = { kind: 'unreadable', reason: 'grouping' };

/** Every kind of space a keyboard or a copied price brings (no-break and thin spaces among them) as one space. */
const SPACES = /\s+/gu;
const CURRENCY = String.raw`(?:৳|bdt|tk\.?|taka|টাকা)`;
const LEADING_CURRENCY = new RegExp(String.raw`^${CURRENCY}\s?`, 'iu');
const TRAILING_CURRENCY = new RegExp(String.raw`\s?${CURRENCY}$`, 'iu');
/** "/-" or "/=" closing an amount, as receipts and ads in Bangladesh write it. */
const CLOSING_MARK = /\s?\/[-=]$/u;
const MINUS = /^[-\u2212]\s?/u;

const PLAIN = /^\d+$/;
/** Thousands: 1-3 digits, then groups of three (120,000). */
const THOUSANDS = /^\d{1,3}(?:[, ]\d{3})+$/;
/** Lakh: 1-2 digits, then pairs, then the last three (1,20,000; 12,34,567). */
const LAKH = /^\d{1,2}(?:[, ]\d{2})*[, ]\d{3}$/;
/** Something that looks like digits with separators: read as a number, or refused for its grouping. */
const DIGITS_AND_SEPARATORS = /^\d[\d, ]*$/;

/** Reads what a person typed into a number field. */
export function readTypedNumber(text: string): TypedNumber {
  let rest = toLatinDigits(text).replace(SPACES, ' ').trim();
  if (rest === '') return BLANK;
  rest = rest.replace(LEADING_CURRENCY, '').replace(CLOSING_MARK, '').replace(TRAILING_CURRENCY, '').trim();
  const negative = MINUS.test(rest);
  rest = rest.replace(MINUS, '');
  const [whole = '', fraction, ...more] = rest.split('.');
  if (more.length > 0) return GROUPING;
  if (fraction !== undefined && !/^\d{1,2}$/.test(fraction)) {
    return /^\d{3}$/.test(fraction) ? GROUPING : NOT_A_NUMBER;
  }
  if (!DIGITS_AND_SEPARATORS.test(whole)) return NOT_A_NUMBER;
  if (!PLAIN.test(whole) && !THOUSANDS.test(whole) && !LAKH.test(whole)) return GROUPING;
  const value = Number(`${whole.replace(/[, ]/g, '')}${fraction === undefined ? '' : `.${fraction}`}`);
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  return { kind: 'number', value: negative && value !== 0 ? -value : value };
}

/** The number typed, or undefined when blank or unreadable (the lists' filters apply only a number). */
export function typedNumberValue(text: string): number | undefined {
  const read = readTypedNumber(text);
  return read.kind === 'number' ? read.value : undefined;
}

/**
 * The digits of a code typed as digits (a postal code), in Latin digits: Bangla digits read as Latin ones, and the
 * spaces and hyphens people put between them dropped ("১২ ০৫" is 1205). Undefined when anything else is in it.
 */
export function readTypedDigits(text: string): string | undefined {
  const digits = toLatinDigits(text).replace(/[\s-]/gu, '');
  return /^\d+$/.test(digits) ? digits : undefined;
}
