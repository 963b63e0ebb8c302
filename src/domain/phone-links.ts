import type { Locale } from '@/i18n/locale';
import { localDigits, toLatinDigits } from '@/i18n/digits';

/**
 * Call and WhatsApp links and the shown form of a stored number, without libphonenumber-js (which only the forms
 * and the server load, to check what people type: ./phone.ts). New numbers are stored as `+880 1712-345678`;
 * older ones are read the way the phone number migration reads them (0011_normalise_phone_numbers.sql): a BD
 * mobile number in any usual spelling, else the text as it is. phone.test.ts holds this to ./phone.ts's answers.
 */

const TYPED_NUMBER = /^\s*\+?[\d\s\-().]+$/;
const BD_MOBILE_DIGITS = /^(?:00)?(?:880)?0?(1[13-9]\d{8})$/;

/** The 10 national digits of a BD mobile number (1712345678), or undefined. */
function bdMobileNational(phone: string): string | undefined {
  const latin = toLatinDigits(phone);
  if (!TYPED_NUMBER.test(latin)) return undefined;
  return BD_MOBILE_DIGITS.exec(latin.replace(/\D/g, ''))?.[1];
}

/** `+880 1712-345678` for a stored BD mobile number in any spelling; other numbers as they are. */
export function displayPhone(phone: string): string {
  const national = bdMobileNational(phone);
  return national ? `+880 ${national.slice(0, 4)}-${national.slice(4)}` : phone;
}

/** The shown form in the page's digits (`+৮৮০ ১৭১২-৩৪৫৬৭৮` in Bangla): the same number reads the same on a page. */
export function readablePhone(phone: string, locale: Locale): string {
  return localDigits(displayPhone(phone), locale);
}

/** A `tel:` link: `tel:+8801712345678` for a BD mobile number, else the stored digits. */
export function telHref(phone: string): string {
  const national = bdMobileNational(phone);
  if (national) return `tel:+880${national}`;
  const latin = toLatinDigits(phone);
  return `tel:${latin.trim().startsWith('+') ? '+' : ''}${latin.replace(/\D/g, '')}`;
}

/** A WhatsApp chat with a prefilled message, for BD mobile numbers (undefined for any other). */
export function whatsAppHref(phone: string, message: string): string | undefined {
  const national = bdMobileNational(phone);
  return national ? `https://wa.me/880${national}?text=${encodeURIComponent(message)}` : undefined;
}
