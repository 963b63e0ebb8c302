/**
 * Dates as people read them ("Aug 15, 2025"), the same on every device whatever its time zone.
 *
 * Calendar dates are written out by hand, not with Intl.DateTimeFormat: a page's first use of Intl costs a phone
 * tens of milliseconds while the browser loads its locale data, and every rent card shows one. The output is
 * the same as Intl's `en-BD` medium date (display-date.test.ts compares them).
 */

import { toBanglaDigits } from '@/i18n/digits';
import { getLocale } from '@/i18n/generated/runtime.js';

/** The months of the year, January first: what the date pickers show, and the short names' source. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The months in Bangla, as Bangladesh writes the Gregorian months. */
export const BANGLA_MONTH_NAMES = [
  'জানুয়ারি',
  'ফেব্রুয়ারি',
  'মার্চ',
  'এপ্রিল',
  'মে',
  'জুন',
  'জুলাই',
  'আগস্ট',
  'সেপ্টেম্বর',
  'অক্টোবর',
  'নভেম্বর',
  'ডিসেম্বর',
] as const;

/** The month names of a language, January first. */
export function monthNames(locale: string = getLocale()): readonly string[] {
  return locale === 'bn' ? BANGLA_MONTH_NAMES : MONTH_NAMES;
}

/** A yyyy-MM-dd calendar date ("Aug 15, 2025", "১৫ আগস্ট ২০২৫"); the text itself when it is not one. */
export function formatCalendarDate(isoDate: string, locale: string = getLocale()): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  if (locale === 'bn') {
    return toBanglaDigits(`${date.getUTCDate()} ${BANGLA_MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`);
  }
  return `${MONTH_NAMES[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const BANGLADESH_TIME_ZONE = 'Asia/Dhaka';
let instantFormat: Intl.DateTimeFormat | undefined;
let banglaDayFormat: Intl.DateTimeFormat | undefined;

/** The day of an ISO date-time, in Bangladesh time. */
export function formatPostedDate(isoDateTime: string, locale: string = getLocale()): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime;
  if (locale === 'bn') {
    banglaDayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: BANGLADESH_TIME_ZONE });
    return formatCalendarDate(banglaDayFormat.format(date), 'bn');
  }
  instantFormat ??= new Intl.DateTimeFormat('en-BD', { dateStyle: 'medium', timeZone: BANGLADESH_TIME_ZONE });
  return instantFormat.format(date);
}
