import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ALERT_QUERY_MAX_LENGTH,
  newAlertSchema,
  rentFiltersOfAlert,
  rentPostPassesAlert,
  servicePassesAlert,
} from './alerts';
import { filterRentPosts } from './filter-rent-posts';
import { placeSummary, bundledPlaceIndex } from './places/place-tree';
import { makeRentPost } from './rent-post.fixtures';
import { makeService } from './service.fixtures';

const parse = (body: unknown) => v.safeParse(newAlertSchema, body);
const issuePath = (body: unknown) => {
  const result = parse(body);
  return result.success ? undefined : v.getDotPath(result.issues[0]!);
};

describe('newAlertSchema', () => {
  it('keeps the filters given, the search words trimmed, and leaves out words of spaces', () => {
    expect(parse({ kind: 'rent', filters: { category: 'flat', q: '  lift ' }, frequency: 'daily' }).output).toEqual({
      kind: 'rent',
      filters: { category: 'flat', q: 'lift' },
      frequency: 'daily',
    });
    expect(parse({ kind: 'service', filters: { q: '   ' }, frequency: 'instant' }).output).toEqual({
      kind: 'service',
      filters: {},
      frequency: 'instant',
    });
  });

  it.each([
    [
      'a category of the other kind',
      { kind: 'service', filters: { category: 'flat' }, frequency: 'daily' },
      'filters.category',
    ],
    [
      'a lowest price above the highest',
      { kind: 'rent', filters: { minPrice: 2, maxPrice: 1 }, frequency: 'daily' },
      'filters.maxPrice',
    ],
    ['a price with paisa', { kind: 'rent', filters: { minPrice: 0.5 }, frequency: 'daily' }, 'filters.minPrice'],
    ['filters as a list', { kind: 'rent', filters: [], frequency: 'daily' }, 'filters'],
    ['an unknown filter', { kind: 'rent', filters: { status: 'all' }, frequency: 'daily' }, 'filters.status'],
    ['an unknown field', { kind: 'rent', filters: {}, frequency: 'daily', userId: 'x' }, 'userId'],
    [
      'a place id of no known shape',
      { kind: 'rent', filters: { placeId: 'Dhaka' }, frequency: 'daily' },
      'filters.placeId',
    ],
    [
      'search words too long',
      { kind: 'rent', filters: { q: 'a'.repeat(ALERT_QUERY_MAX_LENGTH + 1) }, frequency: 'daily' },
      'filters.q',
    ],
  ])('refuses %s', (_, body, path) => {
    expect(issuePath(body)).toBe(path);
  });
});

describe('an alert means what its list shows', () => {
  const dhanmondi = placeSummary(bundledPlaceIndex(), 'ar-dhanmondi')!;
  const posts = [
    makeRentPost({ _id: 'a', place: dhanmondi, cost: 15000 }),
    makeRentPost({ _id: 'b', place: dhanmondi, cost: 25000 }),
    makeRentPost({ _id: 'c', place: dhanmondi, cost: 15000, status: 'Booked' }),
    makeRentPost({ _id: 'd', place: null, cost: 15000 }),
  ];

  it('passes the rent ads the list keeps for the same filters, and no Booked one', () => {
    const filters = { placeId: 'ds-47', maxPrice: 20000 };
    const listed = filterRentPosts(posts, rentFiltersOfAlert(filters), undefined).map((post) => post._id);
    expect(listed).toEqual(['a']);
    expect(posts.filter((post) => rentPostPassesAlert(filters, post)).map((post) => post._id)).toEqual(listed);
  });

  it("holds a service to the category of the alert, as the category's page does", () => {
    const painter = makeService('s1', { servicePlaces: [dhanmondi] });
    expect(servicePassesAlert({ category: 'Painter', placeId: 'dv-6' }, painter)).toBe(true);
    expect(servicePassesAlert({ category: 'Plumber' }, painter)).toBe(false);
    expect(servicePassesAlert({ minPrice: 1000, maxPrice: 5000, q: 'ধানমন্ডি' }, painter)).toBe(true);
    expect(servicePassesAlert({ maxPrice: 4999 }, painter)).toBe(false);
  });
});
