import { localeInfo, type Locale } from './locale';

/**
 * Bangla digits (০-৯) and Latin digits (0-9). Bangla screens show Bangla digits; every input accepts both, so
 * a price typed as ১২০০০ is 12000.
 */
const BANGLA_ZERO = 0x09e6;

export function toBanglaDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(BANGLA_ZERO + Number(digit)));
}

export function toLatinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BANGLA_ZERO));
}

/** Digits in the script of the language (its `zeroDigit`, ./locale.ts): Bangla digits for `bn`, Latin for `en`. */
export function localDigits(text: string, locale: Locale): string {
  const zero = localeInfo(locale).zeroDigit.charCodeAt(0);
  if (zero === 0x30) return text;
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(zero + Number(digit)));
}
