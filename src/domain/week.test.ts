import { describe, expect, it } from 'vitest';
import { blankDaysBeforeFirst, inWeekOrder, WEEK } from './week';

describe('the week in Bangladesh', () => {
  it('starts on Saturday and ends on Friday', () => {
    expect(WEEK[0]).toBe('Saturday');
    expect(WEEK.at(-1)).toBe('Friday');
  });

  it('puts days stored Monday first in its own order', () => {
    expect(inWeekOrder(['Monday', 'Friday', 'Saturday', 'Sunday'])).toEqual(['Saturday', 'Sunday', 'Monday', 'Friday']);
  });

  it.each([
    [2026, 11, 1], // 1 November 2026 is a Sunday
    [2026, 8, 0], // 1 August 2026 is a Saturday
    [2026, 5, 6], // 1 May 2026 is a Friday
    [2026, 6, 2], // 1 June 2026 is a Monday
  ])('leaves the right blank cells before the 1st of %i-%i', (year, month, blanks) => {
    expect(blankDaysBeforeFirst(year, month)).toBe(blanks);
  });
});
