import { describe, expect, it } from 'vitest';
import {
  addDays,
  dhakaDate,
  isCalendarDate,
  isRequestDateInRange,
  requestActionsFor,
  requestButtonsFor,
  requestMove,
} from './request-status';

describe('the Dhaka calendar', () => {
  it('turns the day at 18:00 UTC', () => {
    expect(dhakaDate(new Date('2026-12-07T17:59:59.999Z'))).toBe('2026-12-07');
    expect(dhakaDate(new Date('2026-12-07T18:00:00.000Z'))).toBe('2026-12-08');
  });

  it('takes today to 60 days ahead', () => {
    const now = new Date('2026-12-31T20:00:00Z'); // 1 January 2027 in Dhaka
    expect(isRequestDateInRange('2026-12-31', now)).toBe(false);
    expect(isRequestDateInRange('2027-01-01', now)).toBe(true);
    expect(isRequestDateInRange(addDays('2027-01-01', 60), now)).toBe(true);
    expect(isRequestDateInRange(addDays('2027-01-01', 61), now)).toBe(false);
  });

  it('knows real dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-1-01')).toBe(false);
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
  });
});

describe('the moves', () => {
  const dates = { date: '2027-01-05', today: '2027-01-05' };
  it('lets the owner answer, either side cancel, and either mark done from the date', () => {
    expect(requestActionsFor('requested', 'owner', dates)).toEqual(['accept', 'decline', 'cancel']);
    expect(requestActionsFor('requested', 'customer', dates)).toEqual(['cancel']);
    expect(requestActionsFor('accepted', 'customer', dates)).toEqual(['cancel', 'done']);
    expect(requestActionsFor('accepted', 'owner', { ...dates, today: '2027-01-04' })).toEqual(['cancel']);
    for (const closed of ['declined', 'cancelled', 'done', 'expired'] as const) {
      expect(requestActionsFor(closed, 'owner', dates)).toEqual([]);
      expect(requestActionsFor(closed, 'customer', dates)).toEqual([]);
    }
  });

  it('shows the owner Decline, not also Cancel, on a request not yet answered; Cancel once accepted', () => {
    expect(requestButtonsFor('requested', 'owner', dates)).toEqual(['accept', 'decline']);
    expect(requestButtonsFor('accepted', 'owner', dates)).toEqual(['cancel', 'done']);
    expect(requestButtonsFor('requested', 'customer', dates)).toEqual(['cancel']);
    expect(requestButtonsFor('accepted', 'customer', dates)).toEqual(['cancel', 'done']);
    expect(requestButtonsFor('expired', 'owner', dates)).toEqual([]);
    // The server still takes the owner's cancel of a requested one (the table is unchanged).
    expect(requestMove('requested', 'cancel', 'owner', dates)).toEqual({ ok: true, to: 'cancelled' });
  });

  it('says why a move is refused', () => {
    expect(requestMove('accepted', 'done', 'owner', { ...dates, today: '2027-01-04' })).toEqual({
      ok: false,
      why: 'before-date',
    });
    expect(requestMove('requested', 'accept', 'customer', dates)).toEqual({ ok: false, why: 'not-allowed' });
    expect(requestMove('requested', 'accept', 'owner', dates)).toEqual({ ok: true, to: 'accepted' });
  });
});
