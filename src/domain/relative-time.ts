import { getLocale } from '@/i18n/generated/runtime.js';

/**
 * "5 minutes ago", "৫ মিনিট আগে", "yesterday", "just now": how long ago something on this device was saved, in words,
 * for the offline banner ("Offline: showing listings saved 5 minutes ago").
 */

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['week', 7 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

const JUST_NOW_MS = 45 * 1000;

const JUST_NOW: Record<string, string> = { en: 'just now', bn: 'এইমাত্র' };

export function formatSavedAgo(savedAtMs: number, nowMs: number, locale: string = getLocale()): string {
  const elapsed = Math.max(0, nowMs - savedAtMs);
  const justNow = JUST_NOW[locale] ?? 'just now';
  if (elapsed < JUST_NOW_MS) return justNow;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (elapsed >= size || unit === 'minute') return format.format(-Math.max(1, Math.round(elapsed / size)), unit);
  }
  return justNow;
}
