import { describe, expect, it } from 'vitest';
import { DEFAULT_RENT_FILTERS, filterRentPosts, rentStatusFilterOf, type RentFilters } from './filter-rent-posts';
import { activeRentFilterCount, parseRentListParams, rentListParams } from './list-url-state';
import { needsConfirmation, RENT_CONFIRM_AFTER_MS, rentConfirmedAt } from './rent-post';
import { makeRentPost } from './rent-post.fixtures';

/** Booked ads and the status filter of the rent list (issue 21, point 2). */

const posts = [
  makeRentPost({ _id: 'a', status: 'Active', createdAt: '2026-03-01T00:00:00.000Z' }),
  makeRentPost({ _id: 'b', status: 'Booked', createdAt: '2026-03-02T00:00:00.000Z' }),
  makeRentPost({ _id: 'c', status: 'Active', createdAt: '2026-03-03T00:00:00.000Z', user: 'me' }),
  makeRentPost({ _id: 'd', status: 'Booked', createdAt: '2026-03-04T00:00:00.000Z', user: 'me' }),
];
const ids = (filters: Partial<RentFilters>) =>
  filterRentPosts(posts, { ...DEFAULT_RENT_FILTERS, ...filters }, 'me').map((post) => post._id);

describe('the status filter', () => {
  it('leaves Booked ads out of the list as it opens', () => {
    expect(rentStatusFilterOf(DEFAULT_RENT_FILTERS)).toBe('available');
    expect(ids({})).toEqual(['c', 'a']);
  });

  it('shows only the Booked ones, or all of them, when chosen', () => {
    expect(ids({ status: 'booked' })).toEqual(['d', 'b']);
    expect(ids({ status: 'all' })).toEqual(['d', 'c', 'b', 'a']);
  });

  it('combines with the other filters', () => {
    expect(ids({ status: 'booked', postedBy: 'you' })).toEqual(['d']);
    expect(ids({ status: 'all', postedBy: 'others', sortOrder: 'asc' })).toEqual(['a', 'b']);
  });
});

describe('the status filter in the address', () => {
  it('is written only when it is not the default, and read back', () => {
    expect(rentListParams({ ...DEFAULT_RENT_FILTERS, status: 'available' }).toString()).toBe('');
    expect(rentListParams({ ...DEFAULT_RENT_FILTERS, status: 'booked' }).toString()).toBe('status=booked');
    expect(parseRentListParams(new URLSearchParams('status=booked')).status).toBe('booked');
    expect(parseRentListParams(new URLSearchParams('status=all&by=you'))).toEqual({
      ...DEFAULT_RENT_FILTERS,
      postedBy: 'you',
      status: 'all',
    });
  });

  it('falls back to the default for a value it does not know', () => {
    expect(parseRentListParams(new URLSearchParams('status=Booked'))).toEqual(DEFAULT_RENT_FILTERS);
    expect(parseRentListParams(new URLSearchParams('status=sold'))).toEqual(DEFAULT_RENT_FILTERS);
  });

  it('counts as a folded filter when it is not the default', () => {
    expect(activeRentFilterCount({ ...DEFAULT_RENT_FILTERS, status: 'available' })).toBe(0);
    expect(activeRentFilterCount({ ...DEFAULT_RENT_FILTERS, status: 'booked' })).toBe(1);
  });
});

describe('asking the poster to confirm', () => {
  const now = Date.parse('2026-06-01T00:00:00.000Z');
  const at = (ms: number) => new Date(now - ms).toISOString();

  it('asks about an Active ad unconfirmed for 60 days, not a younger one nor a Booked one', () => {
    expect(needsConfirmation(makeRentPost({ confirmedAt: at(RENT_CONFIRM_AFTER_MS) }), now)).toBe(true);
    expect(needsConfirmation(makeRentPost({ confirmedAt: at(RENT_CONFIRM_AFTER_MS - 60_000) }), now)).toBe(false);
    expect(needsConfirmation(makeRentPost({ status: 'Booked', confirmedAt: at(RENT_CONFIRM_AFTER_MS * 2) }), now)).toBe(
      false,
    );
  });

  it('reads a row mirrored before confirmation existed by when it last changed', () => {
    const old = makeRentPost({ updatedAt: at(RENT_CONFIRM_AFTER_MS + 1) });
    expect(old.confirmedAt).toBeUndefined();
    expect(rentConfirmedAt(old)).toBe(Date.parse(old.updatedAt));
    expect(needsConfirmation(old, now)).toBe(true);
  });
});
