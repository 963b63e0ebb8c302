import { getLocale } from './generated/runtime.js';
import { localDigits } from './digits';
import { localeInfo, type Locale } from './locale';

/**
 * Every number, amount and date a person reads, in their language: the one module that uses `Intl` (lint keeps
 * language codes out of the rest of the code). Each language has its formats (`FORMATS`, a `Record<Locale, …>`, so
 * a language without them does not compile); a language with no hand-written ones takes `intlFormats(tag)`.
 *
 * English and Bangla are written out by hand, not with Intl: a page's first use of Intl costs a phone tens of
 * milliseconds while the browser loads its locale data, and every card shows a price and a date. English answers
 * what Intl's `en-BD` answers (BDT currency with no decimals, the medium date: format-money.test.ts and
 * display-date.test.ts compare them); Bangla writes ৳ first, Bangla digits and the lakh grouping (৳১২,৩৪,৫৬৭), as
 * Bangla apps write it (Intl's `bn-BD` puts ৳ last), and "১৫ আগস্ট ২০২৫".
 */

interface Formats {
  /** A Taka amount, no decimals ("BDT 12,500", "৳১২,৫০০"). */
  taka(amount: number): string;
  /** The months of the year, January first (the date pickers, the profile's dates). */
  monthNames: readonly string[];
  /** A calendar day, from the UTC parts of `date` ("Aug 15, 2025", "১৫ আগস্ট ২০২৫"). */
  calendarDate(date: Date): string;
  /** The day of an instant in Bangladesh time. */
  postedDate(date: Date): string;
  /** A day written out, from the UTC parts of `date` ("15 August 1990", "১৫ আগস্ট ১৯৯০"). */
  longDate(date: Date): string;
  /** The month and year, from the UTC parts of `date` ("August 2025", "আগস্ট ২০২৫"). */
  monthYear(date: Date): string;
  /** Something saved less than a minute ago. */
  justNow: string;
  /** The tag `Intl.RelativeTimeFormat` says "5 minutes ago" with. */
  relativeTime: string;
}

const BANGLADESH_TIME_ZONE = 'Asia/Dhaka';
/** Between the currency and the amount, as Intl writes it: the two never part at a line end. */
const NO_BREAK_SPACE = '\u00a0';

/** Made on first use (see above: Intl's first use costs), then kept. */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** The months in English, January first: what the date pickers show, and the short names' source. */
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

/** A sign for a negative amount: like Intl, one that rounds to zero keeps it. */
const minus = (amount: number) => (amount < 0 || Object.is(amount, -0) ? '-' : '');
/** Rounded half away from zero, as Intl rounds. */
const wholeOf = (amount: number) => Math.sign(amount) * Math.round(Math.abs(amount));

/** Lakh grouping: the last three digits, then pairs (12,34,567). */
function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${digits.slice(-3)}`;
}

const englishTaka = lazy(
  () => new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', maximumFractionDigits: 0 }),
);
const englishPostedDate = lazy(
  () => new Intl.DateTimeFormat('en-BD', { dateStyle: 'medium', timeZone: BANGLADESH_TIME_ZONE }),
);
const englishLongDate = lazy(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
const englishMonthYear = lazy(
  () => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
/** yyyy-MM-dd: the day of an instant in Bangladesh time, as a calendar date. */
const dhakaIsoDay = lazy(() => new Intl.DateTimeFormat('en-CA', { timeZone: BANGLADESH_TIME_ZONE }));

const ENGLISH: Formats = {
  taka(amount) {
    const whole = wholeOf(amount);
    // Amounts the hand-written format does not cover (not finite, or beyond exact integers) go to Intl.
    if (!Number.isSafeInteger(whole)) return englishTaka().format(amount);
    const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${minus(amount)}BDT${NO_BREAK_SPACE}${digits}`;
  },
  monthNames: MONTH_NAMES,
  calendarDate: (date) =>
    `${MONTH_NAMES[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`,
  postedDate: (date) => englishPostedDate().format(date),
  longDate: (date) => englishLongDate().format(date),
  monthYear: (date) => englishMonthYear().format(date),
  justNow: 'just now',
  relativeTime: 'en',
};

const BANGLA: Formats = {
  taka(amount) {
    const whole = wholeOf(amount);
    const digits = Number.isSafeInteger(whole) ? groupLakh(String(Math.abs(whole))) : String(Math.abs(amount));
    return `${minus(amount)}৳${localDigits(digits, 'bn')}`;
  },
  monthNames: BANGLA_MONTH_NAMES,
  calendarDate: (date) =>
    localDigits(`${date.getUTCDate()} ${BANGLA_MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`, 'bn'),
  postedDate: (date) => formatCalendarDate(dhakaIsoDay().format(date), 'bn'),
  longDate: (date) => BANGLA.calendarDate(date),
  monthYear: (date) => `${BANGLA_MONTH_NAMES[date.getUTCMonth()]} ${localDigits(String(date.getUTCFullYear()), 'bn')}`,
  justNow: 'এইমাত্র',
  relativeTime: 'bn',
};

/**
 * The formats of a language Basha has no hand-written ones for, from Intl's data for `tag` (a BCP 47 tag such as
 * 'hi-IN'): what a new language starts with (docs/i18n.md, "Adding a language").
 */
export function intlFormats(tag: string): Formats {
  const taka = lazy(() => new Intl.NumberFormat(tag, { style: 'currency', currency: 'BDT', maximumFractionDigits: 0 }));
  const utc = (options: Intl.DateTimeFormatOptions) =>
    lazy(() => new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' }));
  const calendarDate = utc({ dateStyle: 'medium' });
  const longDate = utc({ day: 'numeric', month: 'long', year: 'numeric' });
  const monthYear = utc({ month: 'long', year: 'numeric' });
  const month = utc({ month: 'long' });
  const postedDate = lazy(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: BANGLADESH_TIME_ZONE }));
  return {
    taka: (amount) => taka().format(amount),
    get monthNames() {
      return Array.from({ length: 12 }, (_, index) => month().format(Date.UTC(2025, index, 15)));
    },
    calendarDate: (date) => calendarDate().format(date),
    postedDate: (date) => postedDate().format(date),
    longDate: (date) => longDate().format(date),
    monthYear: (date) => monthYear().format(date),
    get justNow() {
      return new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(0, 'second');
    },
    relativeTime: tag,
  };
}

/** Each language's formats. */
const FORMATS: Record<Locale, Formats> = { en: ENGLISH, bn: BANGLA };

/** A Taka amount as people in Bangladesh read it, no decimals: "BDT 12,500", "৳১২,৫০০". */
export function formatTaka(amount: number, locale: Locale = getLocale()): string {
  return FORMATS[locale].taka(amount);
}

/** The month names of a language, January first. */
export function monthNames(locale: Locale = getLocale()): readonly string[] {
  return FORMATS[locale].monthNames;
}

/**
 * A yyyy-MM-dd calendar date ("Aug 15, 2025", "১৫ আগস্ট ২০২৫"), the same on every device whatever its time zone;
 * the text itself when it is not one.
 */
export function formatCalendarDate(isoDate: string, locale: Locale = getLocale()): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return FORMATS[locale].calendarDate(date);
}

/** The day of an ISO date-time, in Bangladesh time ("Nov 23, 2026"); the text itself when it is not one. */
export function formatPostedDate(isoDateTime: string, locale: Locale = getLocale()): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime;
  return FORMATS[locale].postedDate(date);
}

/** "15 August 1990", "১৫ আগস্ট ১৯৯০": a date of birth (its UTC day). */
export function formatLongDate(date: Date, locale: Locale = getLocale()): string {
  return FORMATS[locale].longDate(date);
}

/** "August 2025", "আগস্ট ২০২৫" (the UTC month). */
export function formatMonthYear(date: Date, locale: Locale = getLocale()): string {
  return FORMATS[locale].monthYear(date);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['week', 7 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

const JUST_NOW_MS = 45 * 1000;

/**
 * "5 minutes ago", "৫ মিনিট আগে", "yesterday", "just now": how long ago something on this device was saved, in
 * words, for the offline banner ("Offline: showing listings saved 5 minutes ago").
 */
export function formatSavedAgo(savedAtMs: number, nowMs: number, locale: Locale = getLocale()): string {
  const elapsed = Math.max(0, nowMs - savedAtMs);
  const formats = FORMATS[locale];
  if (elapsed < JUST_NOW_MS) return formats.justNow;
  const format = new Intl.RelativeTimeFormat(formats.relativeTime, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (elapsed >= size || unit === 'minute') return format.format(-Math.max(1, Math.round(elapsed / size)), unit);
  }
  return formats.justNow;
}

/** Compares two names as the language sorts them (place names in a picker). */
export function compareNames(a: string, b: string, locale: Locale = getLocale()): number {
  return a.localeCompare(b, localeInfo(locale).intl);
}
