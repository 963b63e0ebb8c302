import { describe, expect, it } from 'vitest';
import { isRealCalendarDate, isValidDateOfBirth, parseIsoDate, toIsoDate } from './date-of-birth';

describe('isRealCalendarDate', () => {
  it('accepts dates that exist, including 29 February of a leap year', () => {
    expect(isRealCalendarDate(1994, 4, 14)).toBe(true);
    expect(isRealCalendarDate(2000, 2, 29)).toBe(true);
  });

  it('refuses 31 April, 29 February of a common year and month 13', () => {
    expect(isRealCalendarDate(1994, 4, 31)).toBe(false);
    expect(isRealCalendarDate(2023, 2, 29)).toBe(false);
    expect(isRealCalendarDate(1900, 2, 29)).toBe(false);
    expect(isRealCalendarDate(1994, 13, 1)).toBe(false);
    expect(isRealCalendarDate(1994, 1, 0)).toBe(false);
    expect(isRealCalendarDate(Number.NaN, 1, 1)).toBe(false);
  });
});

describe('toIsoDate and parseIsoDate', () => {
  it('pads to yyyy-MM-dd and reads it back', () => {
    expect(toIsoDate(1994, 4, 5)).toBe('1994-04-05');
    expect(parseIsoDate('1994-04-05')).toEqual({ year: 1994, month: 4, day: 5 });
    expect(parseIsoDate('05/04/1994')).toBeUndefined();
  });
});

describe('isValidDateOfBirth', () => {
  const today = new Date(2026, 10, 22);

  it('accepts a real past date from 1900 on, and today', () => {
    expect(isValidDateOfBirth('1994-04-14', today)).toBe(true);
    expect(isValidDateOfBirth('1900-01-01', today)).toBe(true);
    expect(isValidDateOfBirth('2026-11-22', today)).toBe(true);
  });

  it('refuses future dates, years before 1900, unreal dates and other formats', () => {
    expect(isValidDateOfBirth('2026-11-23', today)).toBe(false);
    expect(isValidDateOfBirth('1899-12-31', today)).toBe(false);
    expect(isValidDateOfBirth('1994-02-30', today)).toBe(false);
    expect(isValidDateOfBirth('14-04-1994', today)).toBe(false);
  });
});
