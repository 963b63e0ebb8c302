import { describe, expect, it } from 'vitest';
import { dhakaDate, latestDhakaHour } from './dhaka-time';

describe('Dhaka time', () => {
  it.each([
    // Dhaka's 09:00 is 03:00 UTC.
    ['2026-12-08T03:00:00.000Z', '2026-12-08T03:00:00.000Z'],
    ['2026-12-08T02:59:59.999Z', '2026-12-07T03:00:00.000Z'],
    ['2026-12-08T17:59:00.000Z', '2026-12-08T03:00:00.000Z'],
    // Past Dhaka's midnight (18:00 UTC) it is the next day there, and its 09:00 is still ahead.
    ['2026-12-08T18:30:00.000Z', '2026-12-08T03:00:00.000Z'],
    ['2026-12-31T23:00:00.000Z', '2026-12-31T03:00:00.000Z'],
    ['2027-01-01T03:00:00.000Z', '2027-01-01T03:00:00.000Z'],
  ])('at %s the latest 9:00 in Dhaka was %s', (now, expected) => {
    expect(latestDhakaHour(new Date(now), 9).toISOString()).toBe(expected);
  });

  it('dates a moment by the calendar in Dhaka', () => {
    expect(dhakaDate(new Date('2026-12-08T17:59:00Z'))).toBe('2026-12-08');
    expect(dhakaDate(new Date('2026-12-08T18:00:00Z'))).toBe('2026-12-09');
  });
});
