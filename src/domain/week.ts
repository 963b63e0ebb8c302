/**
 * The week as people in Bangladesh count it: it starts on Saturday (Friday, often with Saturday, is the weekend, and
 * Saturday the first working day), so calendars and lists of days begin there (issue 39, point 8).
 */

export const WEEK = ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export type Weekday = (typeof WEEK)[number];

/** `days` in the order of the week, each once: data stored in another order (Monday first, say) shows as people read it. */
export function inWeekOrder<T extends string>(days: readonly T[]): T[] {
  return (WEEK as readonly string[]).filter((day) => days.includes(day as T)) as T[];
}

/** How many cells of a month's calendar come before its 1st, in a calendar whose weeks start on Saturday. */
export function blankDaysBeforeFirst(year: number, month: number): number {
  // getUTCDay: Sunday 0 ... Saturday 6; Saturday is the week's first column.
  return (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 1) % WEEK.length;
}
