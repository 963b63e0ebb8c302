import {
  DEFAULT_RENT_FILTERS,
  DEFAULT_RENT_STATUS_FILTER,
  isRentCategoryFilter,
  POSTED_BY_OPTIONS,
  priceBound,
  RENT_SORT_KEYS,
  RENT_STATUS_FILTERS,
  rentStatusFilterOf,
  SORT_ORDERS,
  type RentFilters,
} from './filter-rent-posts';
import { isPlaceId } from './places/place-display';
import { AVAILABLE_TIMES } from './service';
import { DEFAULT_SERVICE_FILTERS, type ServiceFilters } from './service-filters';

/**
 * The two lists' filters, sort and search as the query string of their address, so that Back, a reload or a
 * shared link opens the same list. Only what differs from the defaults is written (/main/rent stays
 * /main/rent), and reading is forgiving: a parameter that is missing, unknown or malformed (an old link, a hand
 * edit) gives that filter's default, never an error. Unknown parameters are ignored.
 *
 * Hand-written rather than a valibot schema on purpose: this runs in the lists' route loaders, before the first
 * paint, and valibot is not on that path (decisions 0009 and 0010 keep it off).
 */

/** Longer searches are cut: no one types more, and an address is not a place to store a novel. */
export const MAX_SEARCH_PARAM_LENGTH = 200;

/** The rent list's parameter names. */
const RENT = {
  search: 'q',
  category: 'category',
  min: 'min',
  max: 'max',
  postedBy: 'by',
  sortBy: 'sort',
  order: 'order',
  place: 'place',
  status: 'status',
};
/** The find-service list's parameter names. */
const SERVICE = {
  search: 'q',
  min: 'min',
  max: 'max',
  availability: 'time',
  sortBy: 'sort',
  order: 'order',
  place: 'place',
};

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function searchParam(value: string | null): string {
  return (value ?? '').trim().slice(0, MAX_SEARCH_PARAM_LENGTH);
}

/**
 * A price bound for the address, or from it: the number it reads as, in Latin digits and ungrouped ("২০,০০০" is
 * 20000, so a shared link reads the same on any phone), else none.
 */
function priceParam(value: string | null): string {
  const bound = priceBound(value ?? '');
  return bound === undefined ? '' : String(bound);
}

/** A place id from the address: kept when it has the shape of one, else anywhere. An unknown id finds nothing. */
function placeParam(value: string | null): string {
  const text = (value ?? '').trim();
  return isPlaceId(text) ? text : '';
}

/** Writes `value` under `name` unless it is the default (or, for text, blank). */
function setUnlessDefault(params: URLSearchParams, name: string, value: string, fallback: string): void {
  const text = value.trim();
  if (text !== '' && text !== fallback) params.set(name, text);
}

export function parseRentListParams(params: URLSearchParams): RentFilters {
  const category = params.get(RENT.category);
  const status = oneOf(params.get(RENT.status), RENT_STATUS_FILTERS, DEFAULT_RENT_STATUS_FILTER);
  return {
    // Only when it is not the default: a list state without it is the default (rentStatusFilterOf).
    ...(status !== DEFAULT_RENT_STATUS_FILTER ? { status } : {}),
    search: searchParam(params.get(RENT.search)),
    place: placeParam(params.get(RENT.place)),
    category: category !== null && isRentCategoryFilter(category) ? category : DEFAULT_RENT_FILTERS.category,
    minPrice: priceParam(params.get(RENT.min)),
    maxPrice: priceParam(params.get(RENT.max)),
    postedBy: oneOf(params.get(RENT.postedBy), POSTED_BY_OPTIONS, DEFAULT_RENT_FILTERS.postedBy),
    sortBy: oneOf(params.get(RENT.sortBy), RENT_SORT_KEYS, DEFAULT_RENT_FILTERS.sortBy),
    sortOrder: oneOf(params.get(RENT.order), SORT_ORDERS, DEFAULT_RENT_FILTERS.sortOrder),
  };
}

export function rentListParams(filters: RentFilters): URLSearchParams {
  const params = new URLSearchParams();
  const d = DEFAULT_RENT_FILTERS;
  setUnlessDefault(params, RENT.search, filters.search.slice(0, MAX_SEARCH_PARAM_LENGTH), d.search);
  setUnlessDefault(params, RENT.place, placeParam(filters.place), d.place);
  setUnlessDefault(params, RENT.category, filters.category, d.category);
  // A bound being typed ("12k") is not written: it does not filter anything either.
  setUnlessDefault(params, RENT.min, priceParam(filters.minPrice), d.minPrice);
  setUnlessDefault(params, RENT.max, priceParam(filters.maxPrice), d.maxPrice);
  setUnlessDefault(params, RENT.postedBy, filters.postedBy, d.postedBy);
  setUnlessDefault(params, RENT.sortBy, filters.sortBy, d.sortBy);
  setUnlessDefault(params, RENT.order, filters.sortOrder, d.sortOrder);
  setUnlessDefault(params, RENT.status, rentStatusFilterOf(filters), DEFAULT_RENT_STATUS_FILTER);
  return params;
}

export function parseServiceListParams(params: URLSearchParams): ServiceFilters {
  const d = DEFAULT_SERVICE_FILTERS;
  return {
    search: searchParam(params.get(SERVICE.search)),
    place: placeParam(params.get(SERVICE.place)),
    minPrice: priceParam(params.get(SERVICE.min)),
    maxPrice: priceParam(params.get(SERVICE.max)),
    availability: oneOf(params.get(SERVICE.availability), ['all', ...AVAILABLE_TIMES], d.availability),
    sortBy: oneOf(params.get(SERVICE.sortBy), ['price', 'rating'], d.sortBy),
    order: oneOf(params.get(SERVICE.order), ['asc', 'desc'], d.order),
  };
}

export function serviceListParams(filters: ServiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  const d = DEFAULT_SERVICE_FILTERS;
  setUnlessDefault(params, SERVICE.search, filters.search.slice(0, MAX_SEARCH_PARAM_LENGTH), d.search);
  setUnlessDefault(params, SERVICE.place, placeParam(filters.place), d.place);
  setUnlessDefault(params, SERVICE.min, priceParam(filters.minPrice), d.minPrice);
  setUnlessDefault(params, SERVICE.max, priceParam(filters.maxPrice), d.maxPrice);
  setUnlessDefault(params, SERVICE.availability, filters.availability, d.availability);
  setUnlessDefault(params, SERVICE.sortBy, filters.sortBy, d.sortBy);
  setUnlessDefault(params, SERVICE.order, filters.order, d.order);
  return params;
}

/**
 * How many of the find-service filters kept behind the phone's Filters button differ from the defaults: each
 * price bound that applies, the availability, and the sort (its key or its order). The search and the place stay
 * in view.
 */
export function activeServiceFilterCount(filters: ServiceFilters): number {
  const d = DEFAULT_SERVICE_FILTERS;
  return (
    Number(priceParam(filters.minPrice) !== '') +
    Number(priceParam(filters.maxPrice) !== '') +
    Number(filters.availability !== d.availability) +
    Number(filters.sortBy !== d.sortBy || filters.order !== d.order)
  );
}

/** The same count for the rent list's folded filters: category, prices, posted-by, status, and the sort (not the place). */
export function activeRentFilterCount(filters: RentFilters): number {
  const d = DEFAULT_RENT_FILTERS;
  return (
    Number(filters.category !== d.category) +
    Number(priceParam(filters.minPrice) !== '') +
    Number(priceParam(filters.maxPrice) !== '') +
    Number(filters.postedBy !== d.postedBy) +
    Number(rentStatusFilterOf(filters) !== DEFAULT_RENT_STATUS_FILTER) +
    Number(filters.sortBy !== d.sortBy || filters.sortOrder !== d.sortOrder)
  );
}

/** What a rent card hands the details page it opens (on that page's history entry): the list's query. */
export interface RentListReturn {
  listSearch: string;
}

/**
 * Where a details page's back link leads: the rent list with the search and filters it was opened from (read back
 * through the list's own parser, so a forged state names no other page), else the plain list.
 */
export function rentListReturnPath(state: unknown): string {
  const search =
    typeof state === 'object' && state !== null && 'listSearch' in state && typeof state.listSearch === 'string'
      ? state.listSearch
      : '';
  const query = rentListParams(parseRentListParams(new URLSearchParams(search))).toString();
  return query ? `/main/rent?${query}` : '/main/rent';
}
