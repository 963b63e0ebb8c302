import * as v from 'valibot';
import { localDigits } from '@/i18n/digits';
import { formatTaka } from '@/i18n/format';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import {
  DEFAULT_RENT_FILTERS,
  isRentCategoryFilter,
  rentPostMatcher,
  type FilterableRentPost,
  type RentFilters,
} from './filter-rent-posts';
import { LISTING_KINDS, type ListingKind } from './listing-kinds';
import { isPlaceId } from './places/place-display';
import { PLACE_ID_MAX_LENGTH, UNKNOWN_PLACE_MESSAGE } from './places/place-rules';
import { RENT_CATEGORIES, RENT_COST_MAX_BDT } from './rent-post';
import {
  ALL_CATEGORIES,
  parseServiceCategory,
  SERVICE_CATEGORIES,
  type ServiceCategoryFilter,
} from './service-category';
import {
  DEFAULT_SERVICE_FILTERS,
  matchesAvailability,
  matchesPlace,
  matchesPrice,
  matchesSearch,
  type FilterableService,
  type ServiceFilters,
} from './service-filters';

/**
 * Saved searches (issue 43): a person saves a list's filters with "Alert me" and is told of new listings that pass
 * them. The filters are the lists' own (src/domain/filter-rent-posts.ts, src/domain/service-filters.ts), so an
 * alert finds exactly what the list would show.
 */

export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** How many alerts one account may keep. */
export const MAX_ALERTS_PER_PERSON = 10;

/** What an alert looks for; an absent field lets every listing through. */
export interface AlertFilters {
  /** A rent category, or a service category's name (src/domain/rent-post.ts, src/domain/service-category.ts). */
  category?: string;
  /** A division, district, upazila or area id (src/domain/places); an area's listings match its district's alert. */
  placeId?: string;
  /** Whole taka. */
  minPrice?: number;
  maxPrice?: number;
  /** The list's search words. */
  q?: string;
}

/** An alert as the API answers it. */
export interface AlertRecord {
  _id: string;
  kind: ListingKind;
  filters: AlertFilters;
  frequency: AlertFrequency;
  createdAt: string;
}

// ---- The POST body, and what an alert lets through ----

/** How long the search words of an alert may be (characters, after trimming). */
export const ALERT_QUERY_MAX_LENGTH = 200;
/** The highest price bound an alert takes: the highest rent an ad may ask, above any service's price. */
export const ALERT_PRICE_MAX_BDT = RENT_COST_MAX_BDT;

/** The categories an alert of each kind may name: exactly the values its list filters by. */
export const ALERT_CATEGORIES: Record<ListingKind, readonly string[]> = {
  rent: RENT_CATEGORIES,
  service: SERVICE_CATEGORIES,
};

const priceMessage = () => m.alerts_price_invalid({ max: formatTaka(ALERT_PRICE_MAX_BDT) });
const priceField = v.optional(
  v.pipe(
    v.number(priceMessage),
    v.safeInteger(priceMessage),
    v.minValue(0, priceMessage),
    v.maxValue(ALERT_PRICE_MAX_BDT, priceMessage),
  ),
);

const alertFiltersSchema = v.strictObject(
  {
    category: v.optional(v.string(() => m.alerts_category_invalid())),
    placeId: v.optional(
      v.pipe(
        v.string(UNKNOWN_PLACE_MESSAGE),
        v.maxLength(PLACE_ID_MAX_LENGTH, UNKNOWN_PLACE_MESSAGE),
        v.check(isPlaceId, UNKNOWN_PLACE_MESSAGE),
      ),
    ),
    minPrice: priceField,
    maxPrice: priceField,
    q: v.optional(
      v.pipe(
        v.string(() => m.alerts_query_invalid()),
        v.trim(),
        v.maxLength(ALERT_QUERY_MAX_LENGTH, () =>
          m.alerts_query_too_long({ max: localDigits(String(ALERT_QUERY_MAX_LENGTH), getLocale()) }),
        ),
      ),
    ),
  },
  () => m.alerts_filters_invalid(),
);

/**
 * `POST /api/v1/alerts`. The place is checked here for its shape only (the forms do not load the tree); the server
 * looks it up. Search words that are only spaces are no search, as in the list.
 */
export const newAlertSchema = v.pipe(
  v.strictObject(
    {
      kind: v.picklist(LISTING_KINDS, () => m.alerts_kind_invalid()),
      // valibot's object schemas take an array for an object with no keys: `filters: []` is refused here.
      filters: v.pipe(
        v.custom<Record<string, unknown>>(
          (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
          () => m.alerts_filters_invalid(),
        ),
        alertFiltersSchema,
      ),
      frequency: v.picklist(ALERT_FREQUENCIES, () => m.alerts_frequency_invalid()),
    },
    () => m.alerts_body_invalid(),
  ),
  v.forward(
    v.check(
      ({ kind, filters }) => filters.category === undefined || ALERT_CATEGORIES[kind].includes(filters.category),
      () => m.alerts_category_invalid(),
    ),
    ['filters', 'category'],
  ),
  v.forward(
    v.check(
      ({ filters }) =>
        filters.minPrice === undefined || filters.maxPrice === undefined || filters.minPrice <= filters.maxPrice,
      () => m.alerts_price_order(),
    ),
    ['filters', 'maxPrice'],
  ),
  v.transform(({ kind, filters, frequency }) => ({ kind, filters: alertFiltersOf(filters), frequency })),
);
export type NewAlertValues = v.InferOutput<typeof newAlertSchema>;

/** The filters as stored and compared: absent fields left out, no empty search. */
export function alertFiltersOf(filters: AlertFilters): AlertFilters {
  const kept: AlertFilters = {};
  if (filters.category !== undefined) kept.category = filters.category;
  if (filters.placeId !== undefined) kept.placeId = filters.placeId;
  if (filters.minPrice !== undefined) kept.minPrice = filters.minPrice;
  if (filters.maxPrice !== undefined) kept.maxPrice = filters.maxPrice;
  if (filters.q !== undefined && filters.q !== '') kept.q = filters.q;
  return kept;
}

const priceText = (price: number | undefined) => (price === undefined ? '' : String(price));

/** The rental list's filters an alert stands for: the list as it opens (Booked ads left out), narrowed by the alert. */
export function rentFiltersOfAlert(filters: AlertFilters): RentFilters {
  return {
    ...DEFAULT_RENT_FILTERS,
    search: filters.q ?? '',
    place: filters.placeId ?? '',
    category: filters.category !== undefined && isRentCategoryFilter(filters.category) ? filters.category : 'all',
    minPrice: priceText(filters.minPrice),
    maxPrice: priceText(filters.maxPrice),
  };
}

/** The find-service list's filters an alert stands for; its category is the page's (`/main/find-service/{slug}`). */
export function serviceFiltersOfAlert(filters: AlertFilters): ServiceFilters & { category: ServiceCategoryFilter } {
  return {
    ...DEFAULT_SERVICE_FILTERS,
    search: filters.q ?? '',
    place: filters.placeId ?? '',
    minPrice: priceText(filters.minPrice),
    maxPrice: priceText(filters.maxPrice),
    category: parseServiceCategory(filters.category ?? ALL_CATEGORIES) ?? ALL_CATEGORIES,
  };
}

/**
 * Whether a rent ad passes an alert's filters: the rental list's own predicate (./filter-rent-posts.ts), so an alert
 * finds what the list would show. Nobody is "you" here: the owner's own alerts are left out by the caller.
 */
export function rentPostPassesAlert(filters: AlertFilters, post: FilterableRentPost): boolean {
  return rentPostMatcher(rentFiltersOfAlert(filters), undefined)(post);
}

/** Whether a service passes an alert's filters: the find-service list's category, then its own predicates. */
export function servicePassesAlert(filters: AlertFilters, service: FilterableService): boolean {
  const list = serviceFiltersOfAlert(filters);
  return (
    (list.category === ALL_CATEGORIES || service.category === list.category) &&
    matchesPlace(service, list.place) &&
    matchesSearch(service, list.search) &&
    matchesPrice(service, list.minPrice, list.maxPrice) &&
    matchesAvailability(service, list.availability)
  );
}
