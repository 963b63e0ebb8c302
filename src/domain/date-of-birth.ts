import { MIN_BIRTH_YEAR } from './constants';

/** True when year, month (1-12) and day form a date that exists on the calendar (no 31 April, no 29 February 2023). */
export function isRealCalendarDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Formats a calendar date as yyyy-MM-dd. */
export function toIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Splits a yyyy-MM-dd string; undefined when it is not one. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** A date of birth is a real yyyy-MM-dd date from MIN_BIRTH_YEAR up to today (not in the future). */
export function isValidDateOfBirth(value: string, today: Date = new Date()): boolean {
  const parts = parseIsoDate(value);
  if (!parts || !isRealCalendarDate(parts.year, parts.month, parts.day)) return false;
  if (parts.year < MIN_BIRTH_YEAR) return false;
  const todayIso = toIsoDate(today.getFullYear(), today.getMonth() + 1, today.getDate());
  return value <= todayIso;
}
