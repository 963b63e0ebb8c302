import { describe, expect, it } from 'vitest';
import {
  clearRentFilters,
  DEFAULT_RENT_FILTERS,
  filterRentPosts,
  firstPages,
  priceBound,
  RENT_PAGE_SIZE,
  selectsEveryRentPost,
  type RentFilters,
} from './filter-rent-posts';
import { makeRentPost } from './rent-post.fixtures';

const ME = 'me';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const posts = [
  makeRentPost({
    _id: id(1),
    user: ME,
    category: 'flat',
    cost: 15000,
    addressLine: 'Road 5, Dhanmondi',
    details: 'Sunny flat near the lake, with a lift and a generator.',
    propertyType: 'Flat',
    createdAt: '2026-03-01T08:00:00.000Z',
    rentStartDate: '2030-05-01',
  }),
  makeRentPost({
    _id: id(2),
    user: 'someone',
    category: 'bachelor-room',
    cost: 4500,
    addressLine: 'Mirpur 10',
    details: 'Room for a student, shared kitchen, close to the METRO station.',
    propertyType: 'Bachelor Room',
    createdAt: '2026-03-03T08:00:00.000Z',
    rentStartDate: '2030-02-01',
  }),
  makeRentPost({
    _id: id(3),
    user: 'someone-else',
    category: 'shopping-mall',
    cost: 250000,
    addressLine: 'Agrabad, Chattogram',
    details: 'A shop unit on the ground floor of a busy mall with parking.',
    propertyType: 'Shopping Mall',
    createdAt: '2026-03-02T08:00:00.000Z',
    rentStartDate: '2030-09-01',
  }),
];

const ids = (list: { _id: string }[]) => list.map((post) => post._id);
const runAs = (selfId: string | undefined, changes: Partial<RentFilters>) =>
  ids(filterRentPosts(posts, { ...DEFAULT_RENT_FILTERS, ...changes }, selfId));
const run = (changes: Partial<RentFilters>) => runAs(ME, changes);

describe('search', () => {
  it('matches the address, case-insensitively', () => {
    expect(run({ search: 'dhanMONDI' })).toEqual([id(1)]);
  });
  it('matches the description, case-insensitively', () => {
    expect(run({ search: 'metro' })).toEqual([id(2)]);
  });
  it('matches the property type, case-insensitively', () => {
    expect(run({ search: 'shopping mall' })).toEqual([id(3)]);
  });
  it('ignores surrounding spaces and keeps every post for a blank search', () => {
    expect(run({ search: '  lake ' })).toEqual([id(1)]);
    expect(run({ search: '   ' })).toHaveLength(3);
  });
  it('matches the city and the postal code: the address is all of it (issue 24)', () => {
    const cities = [
      makeRentPost({ _id: id(4), city: 'Dhaka', postalCode: '1205' }),
      makeRentPost({ _id: id(5), city: 'Chattogram', postalCode: '4100' }),
      makeRentPost({ _id: id(6), city: 'Sylhet', postalCode: '3100' }),
    ];
    const find = (search: string) => ids(filterRentPosts(cities, { ...DEFAULT_RENT_FILTERS, search }, ME));
    expect(find('Dhaka')).toEqual([id(4)]);
    expect(find('chattogram')).toEqual([id(5)]);
    expect(find(' SYLHET ')).toEqual([id(6)]);
    expect(find('4100')).toEqual([id(5)]);
  });
  it('does not match the contact number', () => {
    const post = makeRentPost({ _id: id(4), contactInfo: '+880 1711-424242' });
    expect(ids(filterRentPosts([post], { ...DEFAULT_RENT_FILTERS, search: '424242' }, ME))).toEqual([]);
  });
  it('compares text in Unicode NFC, whichever way it was typed or stored', () => {
    // One post stores "Café" with a precomposed é (U+00E9), the other as e plus a combining accent (U+0301);
    // the second's details hold the Bengali vowel sign ো as one code point (U+09CB, "নোয়াখালী"), which a
    // keyboard may type as its two parts (ে U+09C7 + া U+09BE).
    const composed = makeRentPost({ _id: id(4), addressLine: 'Caf\u00e9 Road' });
    const decomposed = makeRentPost({
      _id: id(5),
      addressLine: 'Cafe\u0301 Lane',
      details: 'Near \u09a8\u09cb\u09df\u09be\u0996\u09be\u09b2\u09c0, a quiet flat with a balcony.',
    });
    const find = (search: string) =>
      ids(filterRentPosts([composed, decomposed], { ...DEFAULT_RENT_FILTERS, search }, ME));
    // Equal dates: the newer id first.
    expect(find('cafe\u0301')).toEqual([id(5), id(4)]);
    expect(find('CAF\u00c9')).toEqual([id(5), id(4)]);
    expect(find('\u09a8\u09c7\u09be\u09df')).toEqual([id(5)]);
  });
});

describe('every word of a search (issue 39)', () => {
  const mirpurFlat = makeRentPost({
    _id: id(4),
    category: 'flat',
    propertyType: 'Flat',
    addressLine: 'House 12, Road 3',
    city: 'Dhaka',
    details: 'Two bedrooms for a family, near the metro.',
    place: {
      id: 'ar-mirpur',
      kind: 'area',
      name: 'Mirpur',
      bnName: 'মিরপুর',
      district: { id: 'ds-47', name: 'Dhaka', bnName: 'ঢাকা' },
      division: { id: 'dv-6', name: 'Dhaka', bnName: 'ঢাকা' },
    },
  });
  const bananiRoom = makeRentPost({ _id: id(5), category: 'family-room', addressLine: 'Block C, Banani' });
  const find = (search: string) =>
    ids(filterRentPosts([mirpurFlat, bananiRoom], { ...DEFAULT_RENT_FILTERS, search }, ME));

  it.each([
    ['মিরপুর ফ্ল্যাট', [id(4)]],
    ['mirpur flat', [id(4)]],
    ['flat, MIRPUR', [id(4)]],
    ['family flat', [id(4)]],
    ['মীরপুর', [id(4)]],
    ['ঢাকা মিরপুর metro', [id(4)]],
    ['mirpur banani', []],
    ['banani room', [id(5)]],
  ])('%s finds %j', (search, found) => {
    expect(find(search)).toEqual(found);
  });
});

describe('Bangla search (issue 18)', () => {
  // "মিরপুর ১০, ঢাকা", "নোয়াখালী", "বাড্ডা" stored as a Bangla keyboard writes them: য় and ড় as one code point each
  // (U+09DF, U+09DC), ো as one (U+09CB).
  const banglaAd = makeRentPost({
    _id: id(7),
    category: 'family-room',
    addressLine: '\u09ae\u09bf\u09b0\u09aa\u09c1\u09b0 \u09e7\u09e6, \u09ac\u09be\u09a1\u09cd\u09a1\u09be',
    city: '\u09a2\u09be\u0995\u09be',
    postalCode: '1216',
    details:
      '\u09a8\u09cb\u09df\u09be\u0996\u09be\u09b2\u09c0\u09b0 \u09aa\u09b0\u09bf\u09ac\u09be\u09b0\u09c7\u09b0 \u099c\u09a8\u09cd\u09af \u09b0\u09c1\u09ae, \u09ac\u09be\u09b0\u09be\u09a8\u09cd\u09a6\u09be \u0986\u099b\u09c7\u0964',
    propertyType: 'Family Room',
  });
  const englishAd = makeRentPost({ _id: id(8), category: 'flat', addressLine: 'Road 2, Gulshan', city: 'Dhaka' });
  const find = (search: string) => ids(filterRentPosts([banglaAd, englishAd], { ...DEFAULT_RENT_FILTERS, search }, ME));

  it('finds a Bangla ad by a Bangla word of its address, city or details', () => {
    expect(find('\u09a2\u09be\u0995\u09be')).toEqual([id(7)]); // ঢাকা
    expect(find('\u09ae\u09bf\u09b0\u09aa\u09c1\u09b0')).toEqual([id(7)]); // মিরপুর
    expect(find('\u09ac\u09be\u09b0\u09be\u09a8\u09cd\u09a6\u09be')).toEqual([id(7)]); // বারান্দা
  });

  it('finds it when the query is typed in decomposed form', () => {
    // নোয়াখালী typed as ে + া for ো and য + nukta for য় (NFD), and বাড্ডা with ড + nukta.
    const decomposed = '\u09a8\u09c7\u09be\u09af\u09bc\u09be\u0996\u09be\u09b2\u09c0';
    expect(decomposed).not.toBe('\u09a8\u09cb\u09df\u09be\u0996\u09be\u09b2\u09c0');
    expect(decomposed.normalize('NFC')).toBe('\u09a8\u09cb\u09df\u09be\u0996\u09be\u09b2\u09c0'.normalize('NFC'));
    expect(find(decomposed)).toEqual([id(7)]);
    expect(find('\u09a8\u09cb\u09df\u09be\u0996\u09be\u09b2\u09c0')).toEqual([id(7)]);
  });

  it('ignores zero-width joiners, which only change how the letters join', () => {
    // বারান্দা with a zero-width joiner after the hasant (ন্‍দ), as some keyboards write it.
    expect(find('\u09ac\u09be\u09b0\u09be\u09a8\u09cd\u200d\u09a6\u09be')).toEqual([id(7)]);
  });

  it('matches Bangla and Latin digits either way', () => {
    expect(find('\u09e7\u09e8\u09e7\u09ec')).toEqual([id(7)]); // ১২১৬ finds postal code 1216
    expect(find('mirpur 10')).toEqual([]);
    expect(find('\u09ae\u09bf\u09b0\u09aa\u09c1\u09b0 10')).toEqual([id(7)]); // মিরপুর 10 finds মিরপুর ১০
  });

  it('finds a category by its Bangla name as well as its English one', () => {
    expect(find('\u09ab\u09cd\u09b2\u09cd\u09af\u09be\u099f')).toEqual([id(8)]); // ফ্ল্যাট
    expect(find('flat')).toEqual([id(8)]);
    expect(find('\u09ab\u09cd\u09af\u09be\u09ae\u09bf\u09b2\u09bf \u09b0\u09c1\u09ae')).toEqual([id(7)]); // ফ্যামিলি রুম
  });

  it('reads price bounds typed in Bangla digits', () => {
    expect(priceBound('\u09e7\u09e8\u09e6\u09e6\u09e6')).toBe(12000);
    expect(run({ minPrice: '\u09e7\u09e6\u09e6\u09e6\u09e6', maxPrice: '\u09e8\u09e6\u09e6\u09e6\u09e6' })).toEqual([
      id(1),
    ]);
  });
});

describe('category', () => {
  it('keeps every category for all', () => {
    expect(run({ category: 'all' })).toHaveLength(3);
  });
  it('keeps only posts of the chosen category', () => {
    expect(run({ category: 'bachelor-room' })).toEqual([id(2)]);
    expect(run({ category: 'office' })).toEqual([]);
  });
});

describe('price bounds', () => {
  it('keeps posts whose cost is within the range, bounds included', () => {
    expect(run({ minPrice: '4500', maxPrice: '15000', sortBy: 'cost', sortOrder: 'asc' })).toEqual([id(2), id(1)]);
  });
  it('applies a minimum alone and a maximum alone', () => {
    expect(run({ minPrice: '15001' })).toEqual([id(3)]);
    expect(run({ maxPrice: '4499' })).toEqual([]);
  });
  it('ignores bounds that are not numbers', () => {
    expect(run({ minPrice: 'abc', maxPrice: '12k' })).toHaveLength(3);
    expect(run({ minPrice: ' ' })).toHaveLength(3);
  });
  it('reads numbers only', () => {
    expect(priceBound('1500')).toBe(1500);
    expect(priceBound(' 99.5 ')).toBe(99.5);
    expect(priceBound('')).toBeUndefined();
    expect(priceBound('ten')).toBeUndefined();
    expect(priceBound('Infinity')).toBeUndefined();
  });
});

describe('posted by', () => {
  it('keeps everyone for All', () => {
    expect(run({ postedBy: 'all' })).toHaveLength(3);
  });
  it('keeps only my own posts for You', () => {
    expect(run({ postedBy: 'you' })).toEqual([id(1)]);
  });
  it("keeps only other people's posts for Others", () => {
    expect(run({ postedBy: 'others' })).toEqual([id(2), id(3)]);
  });
  it('shows nothing for You when nobody is signed in', () => {
    expect(runAs(undefined, { postedBy: 'you' })).toEqual([]);
  });
});

describe('sorting', () => {
  it('sorts by date posted, newest first, by default', () => {
    expect(run({})).toEqual([id(2), id(3), id(1)]);
  });
  it('sorts by date posted, oldest first', () => {
    expect(run({ sortBy: 'createdAt', sortOrder: 'asc' })).toEqual([id(1), id(3), id(2)]);
  });
  it('sorts by price both ways', () => {
    expect(run({ sortBy: 'cost', sortOrder: 'desc' })).toEqual([id(3), id(1), id(2)]);
    expect(run({ sortBy: 'cost', sortOrder: 'asc' })).toEqual([id(2), id(1), id(3)]);
  });
  it('sorts by rent start date both ways', () => {
    expect(run({ sortBy: 'rentStartDate', sortOrder: 'desc' })).toEqual([id(3), id(1), id(2)]);
    expect(run({ sortBy: 'rentStartDate', sortOrder: 'asc' })).toEqual([id(2), id(1), id(3)]);
  });
  it('breaks ties by id in the same direction', () => {
    const twins = [makeRentPost({ _id: id(8), cost: 10 }), makeRentPost({ _id: id(9), cost: 10 })];
    const asc = filterRentPosts(twins, { ...DEFAULT_RENT_FILTERS, sortBy: 'cost', sortOrder: 'asc' }, ME);
    const desc = filterRentPosts(twins, { ...DEFAULT_RENT_FILTERS, sortBy: 'cost', sortOrder: 'desc' }, ME);
    expect(ids(asc)).toEqual([id(8), id(9)]);
    expect(ids(desc)).toEqual([id(9), id(8)]);
  });
  it('does not change the list it was given', () => {
    const before = ids(posts);
    run({ sortBy: 'cost', sortOrder: 'asc' });
    expect(ids(posts)).toEqual(before);
  });
});

describe('Clear All Filters', () => {
  it('resets search, category, prices and sort but keeps posted-by', () => {
    const busy: RentFilters = {
      search: 'lake',
      place: 'ds-1',
      category: 'flat',
      minPrice: '10',
      maxPrice: '20',
      postedBy: 'others',
      sortBy: 'cost',
      sortOrder: 'asc',
    };
    expect(clearRentFilters(busy)).toEqual({ ...DEFAULT_RENT_FILTERS, postedBy: 'others' });
  });
  it('defaults to date posted, descending, all categories and all posters', () => {
    expect(DEFAULT_RENT_FILTERS).toMatchObject({
      sortBy: 'createdAt',
      sortOrder: 'desc',
      category: 'all',
      postedBy: 'all',
    });
  });
});

describe('paging', () => {
  const many = Array.from({ length: 30 }, (_, i) => i);
  it('shows 12 posts a page', () => {
    expect(RENT_PAGE_SIZE).toBe(12);
    expect(firstPages(many, 1)).toHaveLength(12);
    expect(firstPages(many, 2)).toEqual(many.slice(0, 24));
  });
  it('stops at the end of the list', () => {
    expect(firstPages(many, 3)).toHaveLength(30);
    expect(firstPages(many, 9)).toHaveLength(30);
    expect(firstPages(many, 0)).toEqual([]);
  });
});

describe('filters that select nothing out', () => {
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
