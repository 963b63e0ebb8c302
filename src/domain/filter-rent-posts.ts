import { DEFAULT_LOCALE, LOCALES } from '@/i18n/locale';
import { m } from '@/i18n/generated/messages.js';
import { placeInFilter, placeSearchNames } from './places/place-display';
import { holdsEveryWord, searchDocument, searchWords } from './search-text';
import { typedNumberValue } from './typed-number';
import { RENT_CATEGORIES, rentCategoryName, type RentCategory, type RentPost } from './rent-post';

/**
 * The filters and sort of the rental list (shell spec 5.3) as pure functions: the mirror's query
 * (src/features/rent/db/rent-db.ts) runs this very predicate and comparison, and the tests pin every rule here.
 */

// Listing behaviour (shell spec 4 and 9).
export const RENT_PAGE_SIZE = 12;
export const RENT_SEARCH_DEBOUNCE_MS = 100;
/** More posts load once the page is scrolled to 80 % of its height. */
export const RENT_SCROLL_THRESHOLD = 0.8;
export const RENT_SCROLL_THROTTLE_MS = 150;

export const ALL_RENT_CATEGORIES = 'all';
export type RentCategoryFilter = RentCategory | typeof ALL_RENT_CATEGORIES;

export const POSTED_BY_OPTIONS = ['all', 'you', 'others'] as const;
export type PostedBy = (typeof POSTED_BY_OPTIONS)[number];
const POSTED_BY_LABELS: Record<PostedBy, () => string> = {
  all: () => m.rent_posted_by_all(),
  you: () => m.rent_posted_by_you(),
  others: () => m.rent_posted_by_others(),
};
export const postedByLabel = (value: PostedBy): string => POSTED_BY_LABELS[value]();

/**
 * Which ads the list shows by status: the ones still available (the default), the Booked ones, or both. Booked ads
 * drop out of the list as it opens (issue 21); the filter brings them back.
 */
export const RENT_STATUS_FILTERS = ['available', 'booked', 'all'] as const;
export type RentStatusFilter = (typeof RENT_STATUS_FILTERS)[number];
export const DEFAULT_RENT_STATUS_FILTER: RentStatusFilter = 'available';
const RENT_STATUS_FILTER_LABELS: Record<RentStatusFilter, () => string> = {
  available: () => m.rent_manage_filter_available(),
  booked: () => m.rent_manage_filter_booked(),
  all: () => m.rent_manage_filter_all(),
};
export const rentStatusFilterLabel = (value: RentStatusFilter): string => RENT_STATUS_FILTER_LABELS[value]();

/** The filter's value; a list state written before the filter existed has none, which is the default. */
export function rentStatusFilterOf(filters: Pick<RentFilters, 'status'>): RentStatusFilter {
  return filters.status ?? DEFAULT_RENT_STATUS_FILTER;
}

/** True when the status filter lets this status through. */
export function statusPasses(filter: RentStatusFilter, status: string): boolean {
  if (filter === 'all') return true;
  return filter === 'booked' ? status === 'Booked' : status !== 'Booked';
}

export const RENT_SORT_KEYS = ['createdAt', 'cost', 'rentStartDate'] as const;
export type RentSortKey = (typeof RENT_SORT_KEYS)[number];
const RENT_SORT_LABELS: Record<RentSortKey, () => string> = {
  createdAt: () => m.rent_sort_date_posted(),
  cost: () => m.rent_sort_price(),
  rentStartDate: () => m.rent_sort_start_date(),
};
export const rentSortLabel = (key: RentSortKey): string => RENT_SORT_LABELS[key]();

export const SORT_ORDERS = ['desc', 'asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
const SORT_ORDER_LABELS: Record<SortOrder, () => string> = {
  desc: () => m.rent_order_descending(),
  asc: () => m.rent_order_ascending(),
};
export const sortOrderLabel = (order: SortOrder): string => SORT_ORDER_LABELS[order]();

export interface RentFilters {
  search: string;
  category: RentCategoryFilter;
  /** As typed: applies only when it is a number. */
  minPrice: string;
  maxPrice: string;
  postedBy: PostedBy;
  sortBy: RentSortKey;
  sortOrder: SortOrder;
  /** A division, district, area or upazila id (src/domain/places); '' for anywhere. */
  place: string;
  /** Absent: the default, `available` (rentStatusFilterOf). */
  status?: RentStatusFilter | undefined;
}

export const DEFAULT_RENT_FILTERS: RentFilters = {
  search: '',
  place: '',
  category: ALL_RENT_CATEGORIES,
  minPrice: '',
  maxPrice: '',
  postedBy: 'all',
  sortBy: 'createdAt',
  sortOrder: 'desc',
};

/** Clear All Filters: everything back to its default except posted-by. */
export function clearRentFilters(filters: RentFilters): RentFilters {
  return { ...DEFAULT_RENT_FILTERS, postedBy: filters.postedBy };
}

export function isRentCategoryFilter(value: string): value is RentCategoryFilter {
  return value === ALL_RENT_CATEGORIES || (RENT_CATEGORIES as readonly string[]).includes(value);
}

/**
 * A price bound as typed, as every number field reads it (./typed-number.ts: "২০,০০০", "BDT 20,000"), or undefined
 * when it is not a number (blank, "abc", "2,0,000").
 */
export function priceBound(text: string): number | undefined {
  return typedNumberValue(text);
}

/** The fields a post needs for filtering and sorting. */
export type FilterableRentPost = Pick<
  RentPost,
  | '_id'
  | 'user'
  | 'category'
  | 'cost'
  | 'addressLine'
  | 'city'
  | 'postalCode'
  | 'details'
  | 'propertyType'
  | 'createdAt'
  | 'rentStartDate'
  | 'place'
  | 'status'
>;

/**
 * The fields the search looks through (shell spec 5.3: "address, description or property type"). The address
 * is the whole of it, as the ad was written: address line, city and postal code. A search for "Dhaka" finds
 * the ads in Dhaka. Every word of a search must be in one of them (src/domain/search-text.ts). The property type is stored in English; its names in Basha's other languages are searched too, so "ফ্ল্যাট" finds
 * the flats whatever language the page speaks. So are the names of the ad's place and district in both languages:
 * "ধানমন্ডি" and "Dhanmondi" find the ads in Dhanmondi.
 */
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

export function rentSearchFields(post: FilterableRentPost): string[] {
  return [
    post.addressLine,
    post.city,
    post.postalCode,
    post.details,
    post.propertyType,
    ...OTHER_LOCALES.map((locale) => rentCategoryName(post.category, locale)),
    ...placeSearchNames(post.place),
  ];
}

/**
 * True when the filters let every post through but for its status (only the order is chosen): no search, place,
 * category, price or poster. The list as it opens is such a list: the mirror walks an index for it, stepping over
 * the few Booked ads when the status filter leaves them out (src/features/rent/db/rent-db.ts).
 */
export function selectsEveryRentPost(filters: RentFilters): boolean {
  return (
    searchWords(filters.search).length === 0 &&
    filters.place === '' &&
    filters.category === ALL_RENT_CATEGORIES &&
    priceBound(filters.minPrice) === undefined &&
    priceBound(filters.maxPrice) === undefined &&
    filters.postedBy === 'all'
  );
}

/** A predicate for the filters, prepared once (search normalised, bounds parsed) and run on every post. */
export function rentPostMatcher(
  filters: RentFilters,
  selfId: string | undefined,
  searchTextOf: (post: FilterableRentPost) => string = rentSearchText,
): (post: FilterableRentPost) => boolean {
  const words = searchWords(filters.search);
  const min = priceBound(filters.minPrice);
  const max = priceBound(filters.maxPrice);
  const status = rentStatusFilterOf(filters);
  // The search last: it is the costly test.
  return (post) => {
    if (!statusPasses(status, post.status)) return false;
    if (filters.category !== ALL_RENT_CATEGORIES && post.category !== filters.category) return false;
    if (min !== undefined && post.cost < min) return false;
    if (max !== undefined && post.cost > max) return false;
    if (filters.postedBy === 'you' && post.user !== selfId) return false;
    if (filters.postedBy === 'others' && post.user === selfId) return false;
    if (filters.place && !placeInFilter(post.place, filters.place)) return false;
    return words.length === 0 || holdsEveryWord(searchTextOf(post), words);
  };
}

/**
 * The fields the search looks through, as one text in the form it compares (src/domain/search-text.ts). A caller
 * that asks again and again over the same posts (the mirror) may keep these and pass them to rentPostMatcher.
 */
export function rentSearchText(post: FilterableRentPost): string {
  return searchDocument(rentSearchFields(post));
}

/**
 * Orders by the sort key, ties by id, both in the chosen direction: the order an IndexedDB index walk gives
 * (index key, then primary key), so the mirror and these functions agree post for post.
 */
export function compareRentPosts(sortBy: RentSortKey, sortOrder: SortOrder) {
  const direction = sortOrder === 'asc' ? 1 : -1;
  return (a: FilterableRentPost, b: FilterableRentPost): number => {
    const byKey = compareValues(a[sortBy], b[sortBy]);
    return direction * (byKey !== 0 ? byKey : compareValues(a._id, b._id));
  };
}

function compareValues(a: string | number, b: string | number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}

/** The posts that pass the filters, sorted. */
export function filterRentPosts<T extends FilterableRentPost>(
  posts: readonly T[],
  filters: RentFilters,
  selfId: string | undefined,
): T[] {
  const matches = rentPostMatcher(filters, selfId);
  return posts.filter(matches).sort(compareRentPosts(filters.sortBy, filters.sortOrder));
}

/** The first `pages` pages of a list (infinite scroll shows pages 1..n). */
export function firstPages<T>(posts: readonly T[], pages: number, pageSize = RENT_PAGE_SIZE): T[] {
  return posts.slice(0, Math.max(0, pages) * pageSize);
}
