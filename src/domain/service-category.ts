import { m } from '@/i18n/generated/messages.js';
import type { Locale } from '@/i18n/locale';

/**
 * The seven categories of professional services (accounts spec, section 1), how they appear in URLs (English
 * slugs in every language: they are routes) and what a person reads for them.
 */

export const SERVICE_CATEGORIES = [
  'Maid',
  'Home Shifter',
  'Tutor',
  'Electrician',
  'IT Provider',
  'Painter',
  'Plumber',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/** The category filter also takes `all` (accounts spec: the value all is also used). */
export const ALL_CATEGORIES = 'all';
export type ServiceCategoryFilter = ServiceCategory | typeof ALL_CATEGORIES;

/** `Home Shifter` -> `home-shifter`: readable, space-free URLs. */
export function serviceCategorySlug(category: ServiceCategoryFilter): string {
  return category.toLowerCase().replace(/\s+/g, '-');
}

/**
 * The category a route or API parameter names: a slug (`home-shifter`), the name in any case
 * (`Home Shifter`, `home shifter`) or `all`. Undefined for anything else.
 */
export function parseServiceCategory(param: string): ServiceCategoryFilter | undefined {
  const slug = serviceCategorySlug(param.trim() as ServiceCategoryFilter);
  if (slug === ALL_CATEGORIES) return ALL_CATEGORIES;
  return SERVICE_CATEGORIES.find((category) => serviceCategorySlug(category) === slug);
}

export function findServicePath(category: ServiceCategoryFilter): string {
  return `/main/find-service/${serviceCategorySlug(category)}`;
}

const CATEGORY_NAMES: Record<ServiceCategory, (locale?: Locale) => string> = {
  Maid: (locale) => m.common_category_maid({}, { locale }),
  'Home Shifter': (locale) => m.common_category_home_shifter({}, { locale }),
  Tutor: (locale) => m.common_category_tutor({}, { locale }),
  Electrician: (locale) => m.common_category_electrician({}, { locale }),
  'IT Provider': (locale) => m.common_category_it_provider({}, { locale }),
  Painter: (locale) => m.common_category_painter({}, { locale }),
  Plumber: (locale) => m.common_category_plumber({}, { locale }),
};

/**
 * What a person reads for a category ("Plumber", "প্লাম্বার"), in the page's language unless `locale` is given;
 * `all` reads "All Services". The stored value and the URL slug stay English.
 */
export function serviceCategoryName(category: ServiceCategoryFilter, locale?: Locale): string {
  if (category === ALL_CATEGORIES) return m.services_category_all({}, { locale });
  return CATEGORY_NAMES[category](locale);
}
