import { m } from '@/i18n/generated/messages.js';
import type { Locale } from '@/i18n/locale';
import type { RoutePage } from './route-manifest';
import { parseServiceCategory, serviceCategoryName } from './service-category';
import type { ServicePageSlug } from './service-pages';

/**
 * Each page's title, by its module in the route manifest (a new page is a type error here until it has one). The
 * app reads it as a page renders (src/app/page-titles.ts); the server writes it into the HTML it sends for that
 * path (server/http/page-head.ts), so a link preview or a search result names the page before any script runs.
 * A `locale` names the language; without one, the page's (or the request's) language.
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

/** Undefined gives Basha's full name (the landing page). */
export const PAGE_TITLES: { [P in RoutePage]: (params: PageParams, locale?: Locale) => string | undefined } = {
  'src/features/public-site/ui/landing-page.tsx': () => undefined,
  'src/features/accounts/ui/login-page.tsx': (_, locale) => m.app_title_sign_in({}, { locale }),
  'src/features/accounts/ui/register-page.tsx': (_, locale) => m.app_title_register({}, { locale }),
  'src/features/accounts/ui/phone-page.tsx': ({ contact }, locale) =>
    contact === 'phone'
      ? m.accounts_add_phone_title({}, { locale })
      : contact === 'email'
        ? m.accounts_add_email_title({}, { locale })
        : m.app_title_sign_in({}, { locale }),
  'src/features/accounts/ui/otp-validate-page.tsx': (_, locale) => m.app_title_verify_email({}, { locale }),
  'src/features/accounts/ui/reset-password-page.tsx': (_, locale) => m.app_title_reset_password({}, { locale }),
  'src/features/accounts/ui/new-password-page.tsx': (_, locale) => m.app_title_new_password({}, { locale }),
  'src/features/public-site/ui/service-info-page.tsx': ({ slug }, locale) =>
    isServicePageSlug(slug) ? SERVICE_PAGE_LABELS[slug](locale) : m.app_footer_services({}, { locale }),
  'src/features/public-site/ui/about-page.tsx': (_, locale) => m.app_title_about({}, { locale }),
  'src/features/public-site/ui/contact-page.tsx': (_, locale) => m.app_title_contact({}, { locale }),
  'src/features/public-site/ui/privacy-page.tsx': (_, locale) => m.app_title_privacy({}, { locale }),
  'src/features/public-site/ui/terms-page.tsx': (_, locale) => m.app_title_terms({}, { locale }),
  'src/features/public-site/ui/about-us-page.tsx': (_, locale) => m.app_title_about_us({}, { locale }),
  'src/features/services/ui/offer-service-page.tsx': (_, locale) => m.app_title_offer_service({}, { locale }),
  'src/features/rent/ui/rent-listing-page.tsx': (_, locale) => m.app_title_rentals({}, { locale }),
  'src/features/rent/ui/add-rent-page.tsx': (_, locale) => m.app_title_add_rent({}, { locale }),
  'src/features/rent/ui/rent-details-page.tsx': (_, locale) => m.app_title_rent_ad({}, { locale }),
  'src/features/profiles/ui/profile-page.tsx': (_, locale) => m.app_title_profile({}, { locale }),
  'src/features/profiles/ui/edit-profile-page.tsx': (_, locale) => m.app_title_edit_profile({}, { locale }),
  'src/features/services/ui/find-service-page.tsx': ({ category }, locale) => {
    const chosen = chosenCategory(category);
    return chosen === undefined ? m.app_title_find_service({}, { locale }) : serviceCategoryName(chosen, locale);
  },
  'src/features/services/ui/prof-profile-page.tsx': (_, locale) => m.app_title_provider({}, { locale }),
  'src/features/services/ui/edit-profession-page.tsx': (_, locale) => m.app_title_edit_service({}, { locale }),
  'src/features/moderation/ui/moderation-page.tsx': (_, locale) => m.moderation_nav({}, { locale }),
  'src/features/rent/ui/edit-rent-page.tsx': (_, locale) => m.rent_edit_title({}, { locale }),
  'src/features/saved/ui/saved-page.tsx': (_, locale) => m.saved_title({}, { locale }),
  'src/features/requests/ui/requests-page.tsx': (_, locale) => m.requests_title({}, { locale }),
};

/** "Rentals · Basha" for a page's own title, or Basha's full name when there is none (the landing page). */
export function documentTitle(pageTitle: string | undefined, { locale }: Options = {}): string {
  return pageTitle === undefined
    ? m.app_document_title({}, { locale })
    : m.app_page_title({ page: pageTitle }, { locale });
}
