import type { AlertFilters } from './alerts';
import type { ListingKind } from './listing-kinds';
import { ALL_RENT_CATEGORIES, priceBound, type RentFilters } from './filter-rent-posts';
import { ALL_CATEGORIES, type ServiceCategoryFilter } from './service-category';
import type { ServiceFilters } from './service-filters';

/**
 * "Alert me" on a list (issue 43): the list's filters as the alert's (./alerts.ts). Only what chooses listings goes
 * in: the category, the place, the price bounds that read as numbers and the search words. The sort, the rent list's
 * "posted by" and status, and a service's time of day are how the list is shown, not what a new listing must be, so
 * they stay out; a default ("all", anywhere, blank) is left out, as it lets every listing through.
 */

/** A price bound as the alert keeps it, whole taka; a negative one says nothing, so none. */
function wholeTaka(typed: string): number | undefined {
  const value = priceBound(typed);
  return value === undefined || value < 0 ? undefined : Math.round(value);
}

function commonAlertFilters(filters: {
  search: string;
  place: string;
  minPrice: string;
  maxPrice: string;
}): AlertFilters {
  const q = filters.search.trim();
  const minPrice = wholeTaka(filters.minPrice);
  const maxPrice = wholeTaka(filters.maxPrice);
  return {
    ...(filters.place.trim() !== '' ? { placeId: filters.place.trim() } : {}),
    ...(minPrice !== undefined ? { minPrice } : {}),
    ...(maxPrice !== undefined ? { maxPrice } : {}),
    ...(q !== '' ? { q } : {}),
  };
}

/** The rent list's filters (/main/rent) as an alert's. */
export function rentAlertFilters(filters: RentFilters): AlertFilters {
  return {
    ...(filters.category !== ALL_RENT_CATEGORIES ? { category: filters.category } : {}),
    ...commonAlertFilters(filters),
  };
}

/** A find-service list's filters (/main/find-service/{category}) as an alert's: the category is the page's own. */
export function serviceAlertFilters(category: ServiceCategoryFilter, filters: ServiceFilters): AlertFilters {
  return {
    ...(category !== ALL_CATEGORIES ? { category } : {}),
    ...commonAlertFilters(filters),
  };
}

/** A list's filters as "Alert me" is given them: the rent list's, or a find-service list's with its page's category. */
export type ListFiltersForAlert =
  | { kind: 'rent'; filters: RentFilters }
  | { kind: 'service'; category: ServiceCategoryFilter; filters: ServiceFilters };

/** What an alert of that list watches. */
export function alertOfList(list: ListFiltersForAlert): { kind: ListingKind; filters: AlertFilters } {
  switch (list.kind) {
    case 'rent':
      return { kind: 'rent', filters: rentAlertFilters(list.filters) };
    case 'service':
      return { kind: 'service', filters: serviceAlertFilters(list.category, list.filters) };
  }
}
