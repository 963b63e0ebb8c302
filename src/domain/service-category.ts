/** The seven categories of professional services (accounts spec, section 1) and how they appear in URLs. */

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
