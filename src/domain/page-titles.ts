import { m } from '@/i18n/generated/messages.js';
import type { Locale } from '@/i18n/locale';
import { parseServiceCategory } from './service-category';
import type { ServicePageSlug } from './service-pages';

/**
 * What pages' titles are made of: the service pages' names, the category a find-service page shows, and the document
 * title around a page's own ("Rentals · Basha"). The table of each page's title is ./page-title-table.ts, which the
 * app loads lazily and the server reads. A `locale` names the language; without one, the page's (or the request's)
 * language.
 */

export type PageParams = Readonly<Record<string, string | undefined>>;
type Options = { locale?: Locale };

/** What the footer's service pages read as (their links, and their pages' titles). */
export const SERVICE_PAGE_LABELS: Record<ServicePageSlug, (locale?: Locale) => string> = {
  rent: (locale) => m.app_service_page_rent({}, { locale }),
  'home-moving': (locale) => m.app_service_page_home_moving({}, { locale }),
  'home-maid': (locale) => m.app_service_page_home_maid({}, { locale }),
  'home-shifter': (locale) => m.app_service_page_home_shifter({}, { locale }),
  tutor: (locale) => m.app_service_page_tutor({}, { locale }),
  'it-provider': (locale) => m.app_service_page_it_provider({}, { locale }),
  plumber: (locale) => m.app_service_page_plumber({}, { locale }),
  electrician: (locale) => m.app_service_page_electrician({}, { locale }),
};

export const isServicePageSlug = (slug: string | undefined): slug is ServicePageSlug =>
  slug !== undefined && Object.hasOwn(SERVICE_PAGE_LABELS, slug);

/** The category a find-service page shows, when it names one (not "all"). */
export function chosenCategory(category: string | undefined) {
  const chosen = category === undefined ? undefined : parseServiceCategory(category);
  return chosen === undefined || chosen === 'all' ? undefined : chosen;
}

/** "Rentals · Basha" for a page's own title, or Basha's full name when there is none (the landing page). */
export function documentTitle(pageTitle: string | undefined, { locale }: Options = {}): string {
  return pageTitle === undefined
    ? m.app_document_title({}, { locale })
    : m.app_page_title({ page: pageTitle }, { locale });
}
