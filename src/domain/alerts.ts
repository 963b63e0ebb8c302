import type { ListingKind } from './listing-kinds';

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
