import { describe, expect, it } from 'vitest';
import { DEFAULT_RENT_FILTERS, filterRentPosts, selectsEveryRentPost, type RentFilters } from './filter-rent-posts';
import {
  activeRentFilterCount,
  activeServiceFilterCount,
  parseRentListParams,
  parseServiceListParams,
  rentListParams,
  serviceListParams,
} from './list-url-state';
import { bundledPlaceIndex, placeSummary } from './places/place-tree';
import { makeRentPost } from './rent-post.fixtures';
import { DEFAULT_SERVICE_FILTERS, filterServices } from './service-filters';
import { aService } from './service-test-data';

/** The place filter and the search of place names on the two lists (issue 19), over the answers' summaries. */

const summary = (id: string) => {
  const place = placeSummary(bundledPlaceIndex(), id);
  if (!place) throw new Error(`no place ${id}`);
  return place;
};

const posts = [
  makeRentPost({
    _id: 'dhanmondi',
    addressLine: 'Road 7',
    city: 'Dhaka',
    placeId: 'ar-dhanmondi',
    place: summary('ar-dhanmondi'),
  }),
  makeRentPost({
    _id: 'mirpur',
    addressLine: 'Section 10',
    city: 'Dhaka',
    placeId: 'ar-mirpur',
    place: summary('ar-mirpur'),
  }),
  makeRentPost({
    _id: 'savar',
    addressLine: 'Bank Colony',
    city: 'Savar',
    placeId: 'up-365',
    place: summary('up-365'),
  }),
  makeRentPost({
    _id: 'agrabad',
    addressLine: 'Agrabad C/A',
    city: 'Chattogram',
    placeId: 'ar-agrabad',
    place: summary('ar-agrabad'),
  }),
  // An old ad whose city matched no place: no place filter keeps it, its text is still searched.
  makeRentPost({ _id: 'old', addressLine: 'Near the old bridge', city: 'Somewhere', placeId: null, place: null }),
];

const run = (changes: Partial<RentFilters>) =>
  filterRentPosts(posts, { ...DEFAULT_RENT_FILTERS, ...changes }, 'me')
    .map((post) => post._id)
    .sort();

describe('the rent list by place', () => {
  it('keeps the ads on an area, in a district or in a division', () => {
    expect(run({ place: 'ar-dhanmondi' })).toEqual(['dhanmondi']);
    expect(run({ place: 'up-365' })).toEqual(['savar']);
    const dhakaDistrict = summary('ar-dhanmondi').district.id;
    expect(run({ place: dhakaDistrict })).toEqual(['dhanmondi', 'mirpur', 'savar']);
    const chattogramDivision = summary('ar-agrabad').division.id;
    expect(run({ place: chattogramDivision })).toEqual(['agrabad']);
    expect(run({ place: 'ar-gulshan' })).toEqual([]);
  });

  it('finds an ad by its place name in English or Bangla', () => {
    expect(run({ search: 'ধানমন্ডি' })).toEqual(['dhanmondi']);
    expect(run({ search: 'Dhanmondi' })).toEqual(['dhanmondi']);
    expect(run({ search: 'চট্টগ্রাম' })).toEqual(['agrabad']);
    expect(run({ search: 'bridge' })).toEqual(['old']);
  });

  it('is a filter: the list no longer selects every post', () => {
    expect(selectsEveryRentPost({ ...DEFAULT_RENT_FILTERS, place: 'ds-1' })).toBe(false);
  });
});

describe('the service lists by place', () => {
  const services = [
    aService({ _id: 'gulshan', servicePlaceIds: ['ar-gulshan'], servicePlaces: [summary('ar-gulshan')] }),
    aService({
      _id: 'both',
      servicePlaceIds: ['ar-agrabad', 'ar-dhanmondi'],
      servicePlaces: [summary('ar-agrabad'), summary('ar-dhanmondi')],
    }),
    aService({ _id: 'old', serviceArea: ['Zone 4'], servicePlaceIds: [], servicePlaces: [] }),
    // Mirrored before places existed.
    aService({ _id: 'older', serviceArea: ['Zone 5'] }),
  ];
  const find = (place: string, search = '') =>
    filterServices(services, { ...DEFAULT_SERVICE_FILTERS, place, search })
      .map((service) => service._id)
      .sort();

  it('keeps the services that serve the place or a place inside it', () => {
    expect(find('ar-dhanmondi')).toEqual(['both']);
    expect(find(summary('ar-gulshan').district.id)).toEqual(['both', 'gulshan']);
    expect(find('')).toEqual(['both', 'gulshan', 'old', 'older']);
  });

  it('finds a service by the names of the places it serves, in both languages', () => {
    expect(find('', 'গুলশান')).toEqual(['gulshan']);
    expect(find('', 'agrabad')).toEqual(['both']);
  });
});

describe('the place in the address', () => {
  it('reads back a place it writes; the place stays in view, so it is not counted among the folded filters', () => {
    const filters = { ...DEFAULT_RENT_FILTERS, place: 'ar-dhanmondi' };
    expect(rentListParams(filters).toString()).toBe('place=ar-dhanmondi');
    expect(parseRentListParams(rentListParams(filters))).toEqual(filters);
    expect(activeRentFilterCount(filters)).toBe(0);
    const services = { ...DEFAULT_SERVICE_FILTERS, place: 'ds-47' };
    expect(serviceListParams(services).toString()).toBe('place=ds-47');
    expect(parseServiceListParams(serviceListParams(services))).toEqual(services);
    expect(activeServiceFilterCount(services)).toBe(0);
  });

  it('drops what is not a place id', () => {
    for (const bad of ['dhaka', 'ar-', 'ds-x', 'AR-DHANMONDI', `ar-${'a'.repeat(80)}`, 'ar-a b'])
      expect(parseRentListParams(new URLSearchParams({ place: bad })).place, bad).toBe('');
  });
});
