import type { AlertFilters, AlertFrequency } from '@/domain/alerts';
import type { ListingKind } from '@/domain/listing-kinds';
import { rentCategoryName } from '@/domain/rent-post';
import { SERVICE_CATEGORIES, serviceCategoryName, type ServiceCategory } from '@/domain/service-category';
import { formatTaka } from '@/i18n/format';
import { m } from '@/i18n/generated/messages.js';
import type { Locale } from '@/i18n/locale';

/**
 * An alert in words (issue 43), as "Alert me" shows what it will watch and the settings page lists each one: the kind,
 * the category, the place, the price range and the search, in that order, each a short phrase.
 */

const KIND_WORDS: Record<ListingKind, (locale: Locale) => string> = {
  rent: (locale) => m.alerts_kind_rent({}, { locale }),
  service: (locale) => m.alerts_kind_service({}, { locale }),
};

const FREQUENCY_WORDS: Record<AlertFrequency, (locale: Locale) => string> = {
  instant: (locale) => m.alerts_summary_instant({}, { locale }),
  daily: (locale) => m.alerts_summary_daily({}, { locale }),
};

const isServiceCategory = (value: string): value is ServiceCategory =>
  (SERVICE_CATEGORIES as readonly string[]).includes(value);

function categoryWords(kind: ListingKind, category: string, locale: Locale): string {
  switch (kind) {
    case 'rent':
      return rentCategoryName(category, locale);
    case 'service':
      return isServiceCategory(category) ? serviceCategoryName(category, locale) : category;
  }
}

function priceWords({ minPrice, maxPrice }: AlertFilters, locale: Locale): string {
  if (minPrice !== undefined && maxPrice !== undefined)
    return m.alerts_summary_price_between(
      { min: formatTaka(minPrice, locale), max: formatTaka(maxPrice, locale) },
      { locale },
    );
  if (minPrice !== undefined) return m.alerts_summary_price_from({ min: formatTaka(minPrice, locale) }, { locale });
  if (maxPrice !== undefined) return m.alerts_summary_price_up_to({ max: formatTaka(maxPrice, locale) }, { locale });
  return m.alerts_summary_any_price({}, { locale });
}

/**
 * The phrases of an alert: "Homes to rent", "Flat", "Mirpur 10, Dhaka", "BDT 10,000 to BDT 20,000", "with “balcony”".
 * `placeLabel` names a place by its id (undefined while the place tree loads, or for a place it does not know: then
 * the id is not shown, and the place is left out rather than read as "anywhere").
 */
export function alertSummaryParts(
  kind: ListingKind,
  filters: AlertFilters,
  placeLabel: (id: string) => string | undefined,
  locale: Locale,
): string[] {
  const parts = [KIND_WORDS[kind](locale)];
  if (filters.category !== undefined) parts.push(categoryWords(kind, filters.category, locale));
  if (filters.placeId === undefined) parts.push(m.alerts_summary_anywhere({}, { locale }));
  else {
    const place = placeLabel(filters.placeId);
    if (place !== undefined) parts.push(place);
  }
  parts.push(priceWords(filters, locale));
  if (filters.q !== undefined && filters.q.trim() !== '')
    parts.push(m.alerts_summary_search({ q: filters.q.trim() }, { locale }));
  return parts;
}

/** The parts as one line. */
export function alertSummary(...args: Parameters<typeof alertSummaryParts>): string {
  return alertSummaryParts(...args).join(' · ');
}

/** How often, as a list row says it: "instant", "daily at 9 am". */
export function alertFrequencyWords(frequency: AlertFrequency, locale: Locale): string {
  return FREQUENCY_WORDS[frequency](locale);
}
