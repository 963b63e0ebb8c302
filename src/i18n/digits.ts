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

/** Digits in the script of the language: Bangla digits for `bn`, the text as it is otherwise. */
export function localDigits(text: string, locale: string): string {
  return locale === 'bn' ? toBanglaDigits(text) : text;
}
