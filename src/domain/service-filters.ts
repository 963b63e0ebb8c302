import { holdsEveryWord, searchDocument, searchWords } from './search-text';
import { LOCALES } from '@/i18n/locale';
import { placeInFilter, placeSearchNames } from './places/place-display';
import type { AvailableTime, ServiceRecord } from './service';
import { serviceCategoryName } from './service-category';
import { averageRating } from './service-rating';
import { typedNumberValue } from './typed-number';

/**
 * The find-service sidebar (accounts spec, sections 2 and 5), applied on the device to the mirrored list:
 * text search, price bounds, availability, and sorting by price or average rating in either order.
 */

export type ServiceSortKey = 'price' | 'rating';
export type SortOrder = 'asc' | 'desc';

export interface ServiceFilters {
  search: string;
  /** Raw input: applied only when it reads as a number. */
  minPrice: string;
  maxPrice: string;
  availability: AvailableTime | 'all';
  sortBy: ServiceSortKey;
  order: SortOrder;
  /** A division, district, area or upazila id (src/domain/places) the service must serve; '' for anywhere. */
  place: string;
}

export const DEFAULT_SERVICE_FILTERS: ServiceFilters = {
  search: '',
  place: '',
  minPrice: '',
  maxPrice: '',
  availability: 'all',
  sortBy: 'price',
  order: 'asc',
};

export type FilterableService = Pick<
  ServiceRecord,
  | 'category'
  | 'serviceArea'
  | 'description'
  | 'provider'
  | 'minimumPrice'
  | 'maximumPrice'
  | 'availableTime'
  | 'ratings'
  | 'servicePlaces'
>;

/** A price bound as typed ("১,০০০", "Tk 1000": ./typed-number.ts); undefined unless it reads as a number. */
const numberOrUndefined = typedNumberValue;

// A service's searchable text, worked out once per service object: the mirror keeps unchanged services as the
// same objects, so typing in the search box does not normalise the whole list again at every key.
const searchTexts = new WeakMap<FilterableService, string>();

function searchTextOf(service: FilterableService): string {
  let text = searchTexts.get(service);
  if (text === undefined) {
    const categoryNames = LOCALES.map((locale) => serviceCategoryName(service.category, locale));
    const placeNames = (service.servicePlaces ?? []).flatMap(placeSearchNames);
    text = searchDocument([
      ...service.serviceArea,
      ...placeNames,
      service.description,
      service.provider.name,
      ...categoryNames,
    ]);
    searchTexts.set(service, text);
  }
  return text;
}

/**
 * Every word of the search is in the service areas (as typed, and the names of the places served and their
 * districts in both languages), the description, the provider's name or the category in English or Bangla
 * ("plumber", "প্লাম্বার"), ignoring case, Unicode composition, joiners and the script of digits
 * (src/domain/search-text.ts).
 */
export function matchesSearch(service: FilterableService, search: string): boolean {
  const words = searchWords(search);
  return words.length === 0 || holdsEveryWord(searchTextOf(service), words);
}

/** Keeps services whose minimum price is at least minPrice and whose maximum price is at most maxPrice. */
export function matchesPrice(service: FilterableService, minPrice: string, maxPrice: string): boolean {
  const min = numberOrUndefined(minPrice);
  const max = numberOrUndefined(maxPrice);
  if (min !== undefined && service.minimumPrice < min) return false;
  if (max !== undefined && service.maximumPrice > max) return false;
  return true;
}

/** Keeps services that serve the place or a place inside it (a district's filter keeps those serving its areas). */
export function matchesPlace(service: FilterableService, place: string): boolean {
  return place === '' || (service.servicePlaces ?? []).some((served) => placeInFilter(served, place));
}

export function matchesAvailability(service: FilterableService, availability: ServiceFilters['availability']) {
  return availability === 'all' || service.availableTime === availability;
}

/** Sorts by minimum price or by average rating (0 without ratings); descending reverses. Stable. */
export function sortServices<T extends FilterableService>(
  services: readonly T[],
  sortBy: ServiceSortKey,
  order: SortOrder,
) {
  const key = (service: T) => (sortBy === 'price' ? service.minimumPrice : averageRating(service.ratings));
  const direction = order === 'asc' ? 1 : -1;
  return [...services].sort((a, b) => (key(a) - key(b)) * direction);
}

export function filterServices<T extends FilterableService>(services: readonly T[], filters: ServiceFilters): T[] {
  const kept = services.filter(
    (service) =>
      matchesPlace(service, filters.place) &&
      matchesSearch(service, filters.search) &&
      matchesPrice(service, filters.minPrice, filters.maxPrice) &&
      matchesAvailability(service, filters.availability),
  );
  return sortServices(kept, filters.sortBy, filters.order);
}
