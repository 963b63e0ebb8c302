import { describe, expect, it } from 'vitest';
import { DEFAULT_RENT_FILTERS, filterRentPosts, type RentFilters } from './filter-rent-posts';
import { RENT_CATEGORIES, type RentPost } from './rent-post';
import { makeRentPost } from './rent-post.fixtures';
import {
  buildRentFilterIndex,
  queryRentFilterIndex,
  sameRentFilterEntry,
  selectsEveryRentPost,
  updateRentFilterIndex,
} from './rent-filter-index';

const posts = Array.from({ length: 300 }, (_, i) =>
  makeRentPost({
    _id: `00000000-0000-4000-8000-${String((i * 7919) % 1000).padStart(12, '0')}`,
    user: i % 3 === 0 ? 'me' : `someone-${i % 5}`,
    category: RENT_CATEGORIES[i % RENT_CATEGORIES.length],
    cost: 1000 + ((i * 37) % 23) * 500,
    addressLine: i % 5 === 0 ? `Road ${i}, Gulshan` : i % 11 === 0 ? `Caf\u00e9 ${i}` : `House ${i}, Mirpur`,
    city: i % 4 === 0 ? 'Sylhet' : 'Dhaka',
    postalCode: i % 6 === 0 ? '1216' : '1205',
    details: i % 7 === 0 ? 'Near the lake, with a balcony and a generator' : 'Quiet, close to the market',
    createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 40))).toISOString(),
    rentStartDate: `2030-0${1 + (i % 9)}-15`,
  }),
);

const cases: [string, Partial<RentFilters>][] = [
  ['the default order', {}],
  ['price ascending within bounds', { sortBy: 'cost', sortOrder: 'asc', minPrice: '2000', maxPrice: '6000' }],
  ['rent start date, own posts', { sortBy: 'rentStartDate', postedBy: 'you' }],
  ['a search in the address and a category', { search: 'GULSHAN', category: 'flat', sortOrder: 'asc' }],
  ['a search in the details', { search: 'balcony' }],
  ["others' posts by price, with a bound that is not a number", { postedBy: 'others', sortBy: 'cost', minPrice: 'x' }],
  ['nothing matches', { search: 'chattogram' }],
  ['a search for a city', { search: 'SYLHET' }],
  ['a search for a postal code', { search: '1216' }],
  ['a search typed decomposed (NFD)', { search: 'cafe\u0301' }],
];

describe('the rent filter index', () => {
  const index = buildRentFilterIndex(posts);

  it.each(cases)('answers like the shared rules: %s', (_label, changes) => {
    const filters = { ...DEFAULT_RENT_FILTERS, ...changes };
    expect(queryRentFilterIndex(index, filters, 'me')).toEqual(
      filterRentPosts(posts, filters, 'me').map((post) => post._id),
    );
  });

  it('follows changed and removed posts', () => {
    const edited = { ...posts[4]!, cost: 999_999, addressLine: 'Flat 1, Banani' };
    const added = makeRentPost({ _id: 'ffffffff-0000-4000-8000-000000000000', addressLine: 'New, Banani' });
    const updated = updateRentFilterIndex(index, [edited, added], [posts[1]!._id, 'not-there']);
    const expected = [...posts.filter((_, i) => i !== 1 && i !== 4), edited, added];
    for (const [, changes] of [...cases, ['banani', { search: 'banani' }] as const]) {
      const filters = { ...DEFAULT_RENT_FILTERS, ...changes };
      expect(queryRentFilterIndex(updated, filters, 'me')).toEqual(
        filterRentPosts(expected, filters, 'me').map((post) => post._id),
      );
    }
    expect(updated.ids).toHaveLength(posts.length);
  });

  it('tells when a changed post keeps its entry in the index', () => {
    const post = posts[7]!;
    const unchanged: Partial<RentPost>[] = [
      {},
      { status: 'Booked', updatedAt: '2026-05-01T00:00:00.000Z', contactInfo: '+880 1811-000000' },
      { imageUrls: [], thumbnailUrls: [], rentPaymentFrequency: 'annually' },
      // The search is not case-sensitive: the index holds the text lower-cased.
      { addressLine: post.addressLine.toUpperCase() },
    ];
    for (const changes of unchanged) expect(sameRentFilterEntry(post, { ...post, ...changes })).toBe(true);

    const changed: Partial<RentPost>[] = [
      { _id: 'ffffffff-0000-4000-8000-000000000000' },
      { user: 'someone-else' },
      { category: post.category === 'store' ? 'office' : 'store' },
      { cost: post.cost + 1 },
      { createdAt: '2026-05-01T00:00:00.000Z' },
      { rentStartDate: '2031-01-01' },
      { addressLine: 'Flat 1, Banani' },
      { details: 'Now with a lift and a rooftop garden, ten minutes from the station' },
      { propertyType: 'Duplex' },
      // The search looks through the city and postal code too.
      { city: post.city === 'Sylhet' ? 'Khulna' : 'Sylhet' },
      { postalCode: '9100' },
    ];
    for (const changes of changed) expect(sameRentFilterEntry(post, { ...post, ...changes })).toBe(false);
  });

  it('tells filters that let every post through (only the order chosen) from those that select', () => {
    const every: Partial<RentFilters>[] = [{}, { sortBy: 'cost', sortOrder: 'asc' }, { search: '  ', minPrice: 'x' }];
    for (const changes of every) {
      const filters = { ...DEFAULT_RENT_FILTERS, ...changes };
      expect(selectsEveryRentPost(filters), JSON.stringify(changes)).toBe(true);
      expect(filterRentPosts(posts, filters, 'me')).toHaveLength(posts.length);
    }
    const selecting: Partial<RentFilters>[] = [
      { search: 'lake' },
      { category: 'flat' },
      { minPrice: '0' },
      { maxPrice: '5000' },
      { postedBy: 'you' },
      { postedBy: 'others' },
    ];
    for (const changes of selecting) {
      expect(selectsEveryRentPost({ ...DEFAULT_RENT_FILTERS, ...changes }), JSON.stringify(changes)).toBe(false);
    }
  });
});
