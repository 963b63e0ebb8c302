import { m } from '@/i18n/generated/messages.js';
import type { Locale } from '@/i18n/locale';
import type { RoutePage } from './route-manifest';
import { serviceCategoryName } from './service-category';
import { chosenCategory, isServicePageSlug, SERVICE_PAGE_LABELS, type PageParams } from './page-titles';

/**
 * Each page's meta description (what a search result or a link preview shows under the title), by its module in
 * the route manifest: a new page is a type error here until it has one. The server writes it into the HTML it
 * sends for the path (server/http/page-head.ts); the app sets it as a page shows, loading this table lazily
 * (src/app/layout/use-page-description.ts), since the first screen never needs it. The public pages
 * (/rent/{id}, /pros/{userId}) are the server's own and describe their listing.
 */

export const PAGE_DESCRIPTIONS: { [P in RoutePage]: (params: PageParams, locale?: Locale) => string } = {
  // The landing page says what Basha is: the shell's own description.
  'src/features/public-site/ui/landing-page.tsx': (_, locale) => m.site_shell_description({}, { locale }),
  'src/features/accounts/ui/login-page.tsx': (_, locale) => m.app_description_sign_in({}, { locale }),
  'src/features/accounts/ui/register-page.tsx': (_, locale) => m.app_description_register({}, { locale }),
  'src/features/accounts/ui/phone-page.tsx': ({ contact }, locale) =>
    contact === undefined
      ? m.app_description_phone_sign_in({}, { locale })
      : contact === 'phone'
        ? m.app_description_add_phone({}, { locale })
        : m.app_description_add_email({}, { locale }),
  'src/features/accounts/ui/otp-validate-page.tsx': (_, locale) => m.app_description_verify_email({}, { locale }),
  'src/features/accounts/ui/reset-password-page.tsx': (_, locale) => m.app_description_reset_password({}, { locale }),
  'src/features/accounts/ui/new-password-page.tsx': (_, locale) => m.app_description_new_password({}, { locale }),
  'src/features/public-site/ui/service-info-page.tsx': ({ slug }, locale) => {
    if (slug === 'rent') return m.app_description_service_page_rent({}, { locale });
    return isServicePageSlug(slug)
      ? m.app_description_service_page({ service: SERVICE_PAGE_LABELS[slug](locale) }, { locale })
      : m.app_description_find_service({}, { locale });
  },
  'src/features/public-site/ui/about-page.tsx': (_, locale) => m.app_description_about({}, { locale }),
  'src/features/public-site/ui/contact-page.tsx': (_, locale) => m.app_description_contact({}, { locale }),
  'src/features/public-site/ui/privacy-page.tsx': (_, locale) => m.app_description_privacy({}, { locale }),
  'src/features/public-site/ui/terms-page.tsx': (_, locale) => m.app_description_terms({}, { locale }),
  'src/features/public-site/ui/about-us-page.tsx': (_, locale) => m.app_description_about_us({}, { locale }),
  'src/features/services/ui/offer-service-page.tsx': (_, locale) => m.app_description_offer_service({}, { locale }),
  'src/features/rent/ui/rent-listing-page.tsx': (_, locale) => m.app_description_rentals({}, { locale }),
  'src/features/rent/ui/add-rent-page.tsx': (_, locale) => m.app_description_add_rent({}, { locale }),
  'src/features/rent/ui/rent-details-page.tsx': (_, locale) => m.app_description_rent_ad({}, { locale }),
  'src/features/profiles/ui/profile-page.tsx': (_, locale) => m.app_description_profile({}, { locale }),
  'src/features/profiles/ui/edit-profile-page.tsx': (_, locale) => m.app_description_edit_profile({}, { locale }),
  'src/features/services/ui/find-service-page.tsx': ({ category }, locale) => {
    const chosen = chosenCategory(category);
    return chosen === undefined
      ? m.app_description_find_service({}, { locale })
      : m.app_description_find_category({ service: serviceCategoryName(chosen, locale) }, { locale });
  },
  'src/features/services/ui/prof-profile-page.tsx': (_, locale) => m.app_description_provider({}, { locale }),
  'src/features/services/ui/edit-profession-page.tsx': (_, locale) => m.app_description_edit_service({}, { locale }),
  'src/features/moderation/ui/moderation-page.tsx': (_, locale) => m.app_description_moderation({}, { locale }),
  'src/features/rent/ui/edit-rent-page.tsx': (_, locale) => m.app_description_edit_rent({}, { locale }),
  'src/features/saved/ui/saved-page.tsx': (_, locale) => m.app_description_saved({}, { locale }),
  'src/features/requests/ui/requests-page.tsx': (_, locale) => m.app_description_requests({}, { locale }),
  'src/features/conversations/ui/messages-page.tsx': (_, locale) => m.app_description_messages({}, { locale }),
  'src/features/alerts/ui/alerts-page.tsx': (_, locale) => m.app_description_alerts({}, { locale }),
};

/** The description of a page of the manifest, or (undefined: a path no page shows) the not-found page's. */
export function pageDescription(page: RoutePage | undefined, params: PageParams, locale?: Locale): string {
  return page === undefined ? m.app_description_not_found({}, { locale }) : PAGE_DESCRIPTIONS[page](params, locale);
}
