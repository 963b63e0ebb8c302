/** Dates as people read them ("Aug 15, 2025"), the same on every device whatever its time zone. */

const calendarDateFormat = new Intl.DateTimeFormat('en-BD', { dateStyle: 'medium', timeZone: 'UTC' });
const BANGLADESH_TIME_ZONE = 'Asia/Dhaka';
const instantFormat = new Intl.DateTimeFormat('en-BD', { dateStyle: 'medium', timeZone: BANGLADESH_TIME_ZONE });

/** A yyyy-MM-dd calendar date; the text itself when it is not one. */
export function formatCalendarDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : calendarDateFormat.format(date);
}

/** The day of an ISO date-time, in Bangladesh time. */
export function formatPostedDate(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  return Number.isNaN(date.getTime()) ? isoDateTime : instantFormat.format(date);
}
