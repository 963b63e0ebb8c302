import { DHAKA_OFFSET_MS } from '@/domain/dhaka-time';
import { localDigits } from '@/i18n/digits';
import { formatPostedDate } from '@/i18n/format';
import type { Locale } from '@/i18n/locale';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "14:05" in Bangladesh time, in the page's digits ("১৪:০৫"). */
export function formatMessageTime(isoDateTime: string, locale: Locale): string {
  const time = new Date(new Date(isoDateTime).getTime() + DHAKA_OFFSET_MS);
  if (Number.isNaN(time.getTime())) return '';
  return localDigits(`${twoDigits(time.getUTCHours())}:${twoDigits(time.getUTCMinutes())}`, locale);
}

/** The day of a message ("Dec 7, 2026"), for the thread's day lines. */
export function messageDay(isoDateTime: string, locale: Locale): string {
  return formatPostedDate(isoDateTime, locale);
}

/** A list row's time: the hour today, the day before that. */
export function formatListTime(isoDateTime: string, now: Date, locale: Locale): string {
  const day = messageDay(isoDateTime, locale);
  return day === messageDay(now.toISOString(), locale) ? formatMessageTime(isoDateTime, locale) : day;
}
