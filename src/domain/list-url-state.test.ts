import { describe, expect, it } from 'vitest';
import { DEFAULT_RENT_FILTERS, type RentFilters } from './filter-rent-posts';
import {
  activeRentFilterCount,
  activeServiceFilterCount,
  MAX_SEARCH_PARAM_LENGTH,
  parseRentListParams,
  parseServiceListParams,
  rentListParams,
  rentListReturnPath,
  serviceListParams,
} from './list-url-state';
import { DEFAULT_SERVICE_FILTERS, type ServiceFilters } from './service-filters';

const rentFrom = (query: string) => parseRentListParams(new URLSearchParams(query));
const serviceFrom = (query: string) => parseServiceListParams(new URLSearchParams(query));

describe('the rent list in the address', () => {
  it('leaves the defaults out: the list as it opens is plain /main/rent', () => {
    expect(rentListParams(DEFAULT_RENT_FILTERS).toString()).toBe('');
    expect(rentFrom('')).toEqual(DEFAULT_RENT_FILTERS);
  });

  it('reads back every filter it writes', () => {
    const filters: RentFilters = {
      search: 'Agrabad & GEC, 4100',
      place: '',
      category: 'shopping-mall',
      minPrice: '5000',
      maxPrice: '250000.5',
      postedBy: 'others',
      sortBy: 'cost',
      sortOrder: 'asc',
    };
    const query = rentListParams(filters).toString();
    expect(query).toBe(
      'q=Agrabad+%26+GEC%2C+4100&category=shopping-mall&min=5000&max=250000.5&by=others&sort=cost&order=asc',
    );
    expect(rentFrom(query)).toEqual(filters);
  });

  it('writes a price bound typed as the app prints amounts as the number it is, so a shared link reads the same', () => {
    const query = rentListParams({ ...DEFAULT_RENT_FILTERS, minPrice: 'BDT 5,000', maxPrice: '২০,০০০' }).toString();
    expect(query).toBe('min=5000&max=20000');
    expect(rentFrom('max=%E0%A7%A8%E0%A7%A6%2C%E0%A7%A6%E0%A7%A6%E0%A7%A6').maxPrice).toBe('20000');
    expect(serviceListParams({ ...DEFAULT_SERVICE_FILTERS, maxPrice: '১,২০০' }).toString()).toBe('max=1200');
    expect(rentListParams({ ...DEFAULT_RENT_FILTERS, maxPrice: '2,0,000' }).toString()).toBe('');
  });

  it('writes only what differs from the defaults', () => {
    expect(rentListParams({ ...DEFAULT_RENT_FILTERS, sortBy: 'rentStartDate' }).toString()).toBe('sort=rentStartDate');
    expect(rentListParams({ ...DEFAULT_RENT_FILTERS, search: '  dhaka ' }).toString()).toBe('q=dhaka');
    expect(rentListParams({ ...DEFAULT_RENT_FILTERS, search: '   ' }).toString()).toBe('');
  });

  it('does not write a price bound that is not a number yet', () => {
    expect(rentListParams({ ...DEFAULT_RENT_FILTERS, minPrice: '12k', maxPrice: '-' }).toString()).toBe('');
  });

  it('falls back to the default for each value it does not know, keeping the others', () => {
    expect(rentFrom('category=castle&by=me&sort=colour&order=up&min=abc&max=Infinity&q=sylhet')).toEqual({
      ...DEFAULT_RENT_FILTERS,
      search: 'sylhet',
    });
    expect(rentFrom('category=flat&unknown=1&sort=cost&sort=rentStartDate')).toEqual({
      ...DEFAULT_RENT_FILTERS,
      category: 'flat',
      // A repeated parameter: the first counts.
      sortBy: 'cost',
    });
  });

  it('is case-sensitive about its values, like the controls it fills', () => {
    expect(rentFrom('category=Flat&order=ASC')).toEqual(DEFAULT_RENT_FILTERS);
  });

  it('cuts a search longer than anyone types', () => {
    const long = 'a'.repeat(MAX_SEARCH_PARAM_LENGTH + 50);
    expect(rentFrom(`q=${long}`).search).toHaveLength(MAX_SEARCH_PARAM_LENGTH);
    expect(rentListParams({ ...DEFAULT_RENT_FILTERS, search: long }).get('q')).toHaveLength(MAX_SEARCH_PARAM_LENGTH);
  });

  it('counts the folded filters in use, the sort as one', () => {
    expect(activeRentFilterCount(DEFAULT_RENT_FILTERS)).toBe(0);
    expect(activeRentFilterCount({ ...DEFAULT_RENT_FILTERS, search: 'dhaka', minPrice: 'x' })).toBe(0);
    expect(activeRentFilterCount({ ...DEFAULT_RENT_FILTERS, category: 'flat', sortBy: 'cost', sortOrder: 'asc' })).toBe(
      2,
    );
    expect(
      activeRentFilterCount({
        ...DEFAULT_RENT_FILTERS,
        minPrice: '1',
        maxPrice: '2',
        postedBy: 'you',
        category: 'office',
      }),
    ).toBe(4);
  });
});

describe('the find-service list in the address', () => {
  it('leaves the defaults out', () => {
    expect(serviceListParams(DEFAULT_SERVICE_FILTERS).toString()).toBe('');
    expect(serviceFrom('')).toEqual(DEFAULT_SERVICE_FILTERS);
  });

  it('reads back every filter it writes', () => {
    const filters: ServiceFilters = {
      search: 'Gulshan',
      place: '',
      minPrice: '700',
      maxPrice: '8000',
      availability: 'night',
      sortBy: 'rating',
      order: 'desc',
    };
    const query = serviceListParams(filters).toString();
    expect(query).toBe('q=Gulshan&min=700&max=8000&time=night&sort=rating&order=desc');
    expect(serviceFrom(query)).toEqual(filters);
  });

  it('falls back to the default for each value it does not know', () => {
    expect(serviceFrom('time=evening&sort=name&order=random&min=&max=lots')).toEqual(DEFAULT_SERVICE_FILTERS);
    expect(serviceFrom('time=always&sort=cost')).toEqual({ ...DEFAULT_SERVICE_FILTERS, availability: 'always' });
  });

  it('counts the folded filters in use, the sort as one', () => {
    expect(activeServiceFilterCount(DEFAULT_SERVICE_FILTERS)).toBe(0);
    expect(activeServiceFilterCount({ ...DEFAULT_SERVICE_FILTERS, search: 'x' })).toBe(0);
    expect(activeServiceFilterCount({ ...DEFAULT_SERVICE_FILTERS, availability: 'day', order: 'desc' })).toBe(2);
    expect(
      activeServiceFilterCount({ ...DEFAULT_SERVICE_FILTERS, minPrice: '1', maxPrice: '9', sortBy: 'rating' }),
    ).toBe(3);
  });
});

describe('the way back from a rent ad to its list', () => {
  it('returns to the list with the search and filters the card was opened from', () => {
    expect(rentListReturnPath({ listSearch: '?q=mirpur&category=flat&min=10000' })).toBe(
      '/main/rent?q=mirpur&category=flat&min=10000',
    );
  });

  it('returns to the plain list when the page was not opened from a list, or the state is not one', () => {
    expect(rentListReturnPath(null)).toBe('/main/rent');
    expect(rentListReturnPath({ listSearch: '' })).toBe('/main/rent');
    expect(rentListReturnPath({ listSearch: 42 })).toBe('/main/rent');
    expect(rentListReturnPath({ listSearch: '?sortBy=evil&next=//example.com' })).toBe('/main/rent');
  });
});
