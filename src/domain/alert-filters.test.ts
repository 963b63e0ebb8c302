import { describe, expect, it } from 'vitest';
import { alertOfList, rentAlertFilters, serviceAlertFilters } from './alert-filters';
import { DEFAULT_RENT_FILTERS } from './filter-rent-posts';
import { parseRentListParams, parseServiceListParams } from './list-url-state';
import { DEFAULT_SERVICE_FILTERS } from './service-filters';

describe("a list's filters as an alert's", () => {
  it('leaves every default out, so an alert of the plain list watches every new listing', () => {
    expect(rentAlertFilters(DEFAULT_RENT_FILTERS)).toEqual({});
    expect(serviceAlertFilters('all', DEFAULT_SERVICE_FILTERS)).toEqual({});
  });

  it("takes the rent list's category, place, price bounds and search from its address", () => {
    const filters = parseRentListParams(
      new URLSearchParams('category=flat&place=ar-mirpur-10&min=10000&max=20000&q=%20balcony%20&sort=cost&by=others'),
    );
    expect(rentAlertFilters(filters)).toEqual({
      category: 'flat',
      placeId: 'ar-mirpur-10',
      minPrice: 10000,
      maxPrice: 20000,
      q: 'balcony',
    });
  });

  it('keeps a bound typed in Bangla digits or with grouping as whole taka, and drops one that is not a number', () => {
    expect(rentAlertFilters({ ...DEFAULT_RENT_FILTERS, minPrice: '১২,০০০', maxPrice: '12k' })).toEqual({
      minPrice: 12000,
    });
    expect(rentAlertFilters({ ...DEFAULT_RENT_FILTERS, maxPrice: '15000.6' })).toEqual({ maxPrice: 15001 });
    expect(rentAlertFilters({ ...DEFAULT_RENT_FILTERS, minPrice: '-5' })).toEqual({});
  });

  it("takes a service list's category from its page, and its place, prices and search, but not its time or sort", () => {
    const filters = parseServiceListParams(
      new URLSearchParams('place=ds-1&min=500&q=deep%20clean&time=night&sort=rating'),
    );
    expect(serviceAlertFilters('Maid', filters)).toEqual({
      category: 'Maid',
      placeId: 'ds-1',
      minPrice: 500,
      q: 'deep clean',
    });
    expect(serviceAlertFilters('all', filters)).not.toHaveProperty('category');
  });

  it('names the kind of listing the list shows', () => {
    expect(alertOfList({ kind: 'rent', filters: { ...DEFAULT_RENT_FILTERS, category: 'store' } })).toEqual({
      kind: 'rent',
      filters: { category: 'store' },
    });
    expect(alertOfList({ kind: 'service', category: 'Tutor', filters: DEFAULT_SERVICE_FILTERS })).toEqual({
      kind: 'service',
      filters: { category: 'Tutor' },
    });
  });
});
