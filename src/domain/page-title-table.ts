import { m } from '@/i18n/generated/messages.js';
import type { Locale } from '@/i18n/locale';
import { chosenCategory, isServicePageSlug, SERVICE_PAGE_LABELS, type PageParams } from './page-titles';
import type { RoutePage } from './route-manifest';
import { serviceCategoryName } from './service-category';

/**
 * Each page's title, by its module in the route manifest (a new page is a type error here until it has one). The
 * app loads it as a page shows (src/app/page-titles.ts), lazily: no first screen waits for it, and the server already
 * wrote the title into the HTML it sent for that path (server/http/page-head.ts), so a link preview or a search
 * result names the page before any script runs. Out of the app's entry it spares every page's first load 1 KiB.
 */

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
  'src/features/conversations/ui/messages-page.tsx': (_, locale) => m.conversations_title({}, { locale }),
  'src/features/alerts/ui/alerts-page.tsx': (_, locale) => m.alerts_page_title({}, { locale }),
};
