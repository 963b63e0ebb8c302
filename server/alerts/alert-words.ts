import type { AlertFilters } from '../../src/domain/alerts';
import type { ListingKind } from '../../src/domain/listing-kinds';
import { placeName } from '../../src/domain/places/place-display';
import { bundledPlaceIndex, findPlace } from '../../src/domain/places/place-tree';
import { rentCategoryName } from '../../src/domain/rent-post';
import { parseServiceCategory, serviceCategoryName } from '../../src/domain/service-category';
import { formatTaka } from '../../src/i18n/format';
import { m } from '../../src/i18n/generated/messages.js';
import type { Locale } from '../../src/i18n/locale';

/**
 * An alert's filters in words, for its mails and its unsubscribe page: "Flat · Dhanmondi · up to ৳20,000". The
 * category and the place in the reader's language, from Basha's own lists; the search words are the reader's own.
 */
export function alertFiltersInWords(kind: ListingKind, filters: AlertFilters, locale: Locale): string {
  const parts: string[] = [];
  if (filters.category !== undefined) parts.push(categoryName(kind, filters.category, locale));
  const place = filters.placeId === undefined ? undefined : findPlace(bundledPlaceIndex(), filters.placeId);
  parts.push(place ? placeName(place, locale) : m.mail_alert_anywhere({}, { locale }));
  const { minPrice: min, maxPrice: max } = filters;
  if (min !== undefined && max !== undefined) {
    parts.push(m.mail_alert_price_range({ min: formatTaka(min, locale), max: formatTaka(max, locale) }, { locale }));
  } else if (min !== undefined) {
    parts.push(m.mail_alert_price_from({ min: formatTaka(min, locale) }, { locale }));
  } else if (max !== undefined) {
    parts.push(m.mail_alert_price_up_to({ max: formatTaka(max, locale) }, { locale }));
  }
  if (filters.q !== undefined) parts.push(m.mail_alert_words({ q: filters.q }, { locale }));
  return parts.join(' · ');
}

export function categoryName(kind: ListingKind, category: string, locale: Locale): string {
  if (kind === 'rent') return rentCategoryName(category, locale);
  const service = parseServiceCategory(category);
  return service ? serviceCategoryName(service, locale) : category;
}
