import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatPostedDate } from './format';

const intl = new Intl.DateTimeFormat('en-BD', { dateStyle: 'medium', timeZone: 'UTC' });

describe('formatCalendarDate', () => {
  it('writes a calendar date as "Aug 15, 2025"', () => {
    expect(formatCalendarDate('2025-08-15')).toBe('Aug 15, 2025');
    expect(formatCalendarDate('2026-01-05')).toBe('Jan 5, 2026');
  });

  it("answers what Intl's en-BD medium date answers, every day of several years", () => {
    for (let day = Date.UTC(2023, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect([iso, formatCalendarDate(iso)]).toEqual([iso, intl.format(new Date(day))]);
    }
    for (const iso of ['0999-01-05', '2026-02-30', '1971-12-16']) {
      expect(formatCalendarDate(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
    }
  });

  it('gives back text that is not a date', () => {
    expect(formatCalendarDate('soon')).toBe('soon');
    expect(formatCalendarDate('2026-13-01')).toBe('2026-13-01');
  });
});

describe('formatPostedDate', () => {
  it('names the day in Bangladesh time', () => {
    expect(formatPostedDate('2026-11-22T19:30:00Z')).toBe('Nov 23, 2026');
    expect(formatPostedDate('not a date')).toBe('not a date');
  });
});

describe('dates in Bangla', () => {
  it('writes day, Bangla month and year in Bangla digits', () => {
    expect(formatCalendarDate('2025-08-15', 'bn')).toBe('১৫ আগস্ট ২০২৫');
    expect(formatCalendarDate('2026-01-01', 'bn')).toBe('১ জানুয়ারি ২০২৬');
  });

  it('gives the day in Bangladesh time', () => {
    // 20:30 UTC on 31 December is already 1 January in Dhaka (UTC+6).
    expect(formatPostedDate('2025-12-31T20:30:00Z', 'bn')).toBe('১ জানুয়ারি ২০২৬');
  });
});
