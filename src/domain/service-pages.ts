import { m } from '@/i18n/generated/messages.js';

/**
 * The footer's service pages (shell spec 2.1): `/services/{slug}` (English slugs in every language: they are
 * routes), and what their footer link reads, as a function so that it speaks the page's language.
 */

export const SERVICE_PAGE_LINKS = [
  { slug: 'rent', label: () => m.services_page_rent() },
  { slug: 'home-moving', label: () => m.services_page_home_moving() },
  { slug: 'home-maid', label: () => m.services_page_home_maid() },
  { slug: 'home-shifter', label: () => m.services_page_home_shifter() },
  { slug: 'tutor', label: () => m.services_category_tutor() },
  { slug: 'it-provider', label: () => m.services_category_it_provider() },
  { slug: 'plumber', label: () => m.services_category_plumber() },
  { slug: 'electrician', label: () => m.services_category_electrician() },
] as const;

export type ServicePageSlug = (typeof SERVICE_PAGE_LINKS)[number]['slug'];

export const SERVICE_PAGE_SLUGS: readonly ServicePageSlug[] = SERVICE_PAGE_LINKS.map((link) => link.slug);

export function servicePagePath(slug: ServicePageSlug): string {
  return `/services/${slug}`;
}
