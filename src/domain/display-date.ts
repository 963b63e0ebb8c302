/**
 * Dates as people read them ("Aug 15, 2025"), the same on every device whatever its time zone.
 *
 * Calendar dates are written out by hand, not with Intl.DateTimeFormat: a page's first use of Intl costs a phone
 * tens of milliseconds while the browser loads its locale data, and every rent card shows one. The output is
 * the same as Intl's `en-BD` medium date (display-date.test.ts compares them).
 */

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

/** A yyyy-MM-dd calendar date; the text itself when it is not one. */
export function formatCalendarDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return `${MONTH_NAMES[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const BANGLADESH_TIME_ZONE = 'Asia/Dhaka';
let instantFormat: Intl.DateTimeFormat | undefined;

/** The day of an ISO date-time, in Bangladesh time. */
export function formatPostedDate(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime;
  instantFormat ??= new Intl.DateTimeFormat('en-BD', { dateStyle: 'medium', timeZone: BANGLADESH_TIME_ZONE });
  return instantFormat.format(date);
}
