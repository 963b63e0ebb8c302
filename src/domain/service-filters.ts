import type { AvailableTime, ServiceRecord } from './service';
import { averageRating } from './service-rating';

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
}

export const DEFAULT_SERVICE_FILTERS: ServiceFilters = {
  search: '',
  minPrice: '',
  maxPrice: '',
  availability: 'all',
  sortBy: 'price',
  order: 'asc',
};

type FilterableService = Pick<
  ServiceRecord,
  'serviceArea' | 'description' | 'provider' | 'minimumPrice' | 'maximumPrice' | 'availableTime' | 'ratings'
>;

function numberOrUndefined(raw: string): number | undefined {
  if (raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** Case-insensitive match on the service areas, the description and the provider's name. */
export function matchesSearch(service: FilterableService, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [...service.serviceArea, service.description, service.provider.name];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/** Keeps services whose minimum price is at least minPrice and whose maximum price is at most maxPrice. */
export function matchesPrice(service: FilterableService, minPrice: string, maxPrice: string): boolean {
  const min = numberOrUndefined(minPrice);
  const max = numberOrUndefined(maxPrice);
  if (min !== undefined && service.minimumPrice < min) return false;
  if (max !== undefined && service.maximumPrice > max) return false;
  return true;
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
      matchesSearch(service, filters.search) &&
      matchesPrice(service, filters.minPrice, filters.maxPrice) &&
      matchesAvailability(service, filters.availability),
  );
  return sortServices(kept, filters.sortBy, filters.order);
}
