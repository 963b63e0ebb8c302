import type { RoutePage } from '@/domain/route-manifest';
import { parseServiceCategory, serviceCategoryName } from '@/domain/service-category';
import type { ServicePageSlug } from '@/domain/service-pages';
import { m } from '@/i18n/generated/messages.js';
import type { RouteHandle } from './routes';

type Params = Readonly<Record<string, string | undefined>>;

/** What the footer's service pages read as (their links, and their pages' titles). */
export const SERVICE_PAGE_LABELS: Record<ServicePageSlug, () => string> = {
  rent: () => m.app_service_page_rent(),
  'home-moving': () => m.app_service_page_home_moving(),
  'home-maid': () => m.app_service_page_home_maid(),
  'home-shifter': () => m.app_service_page_home_shifter(),
  tutor: () => m.app_service_page_tutor(),
  'it-provider': () => m.app_service_page_it_provider(),
  plumber: () => m.app_service_page_plumber(),
  electrician: () => m.app_service_page_electrician(),
};

const isServicePageSlug = (slug: string | undefined): slug is ServicePageSlug =>
  slug !== undefined && Object.hasOwn(SERVICE_PAGE_LABELS, slug);

/**
 * Each page's title, by its module in the route manifest (a new page is a type error here until it has one), read
 * from the route's parameters as the page renders: undefined gives Basha's full name (the landing page).
 */
export const PAGE_TITLES: { [P in RoutePage]: (params: Params) => string | undefined } = {
  'src/features/public-site/ui/landing-page.tsx': () => undefined,
  'src/features/accounts/ui/login-page.tsx': () => m.app_title_sign_in(),
  'src/features/accounts/ui/register-page.tsx': () => m.app_title_register(),
  'src/features/accounts/ui/otp-validate-page.tsx': () => m.app_title_verify_email(),
  'src/features/accounts/ui/reset-password-page.tsx': () => m.app_title_reset_password(),
  'src/features/accounts/ui/new-password-page.tsx': () => m.app_title_new_password(),
  'src/features/public-site/ui/service-info-page.tsx': ({ slug }) =>
    isServicePageSlug(slug) ? SERVICE_PAGE_LABELS[slug]() : m.app_footer_services(),
  'src/features/public-site/ui/about-page.tsx': () => m.app_title_about(),
  'src/features/public-site/ui/contact-page.tsx': () => m.app_title_contact(),
  'src/features/public-site/ui/privacy-page.tsx': () => m.app_title_privacy(),
  'src/features/public-site/ui/terms-page.tsx': () => m.app_title_terms(),
  'src/features/public-site/ui/about-us-page.tsx': () => m.app_title_about_us(),
  'src/features/services/ui/offer-service-page.tsx': () => m.app_title_offer_service(),
  'src/features/rent/ui/rent-listing-page.tsx': () => m.app_title_rentals(),
  'src/features/rent/ui/add-rent-page.tsx': () => m.app_title_add_rent(),
  'src/features/rent/ui/rent-details-page.tsx': () => m.app_title_rent_ad(),
  'src/features/profiles/ui/profile-page.tsx': () => m.app_title_profile(),
  'src/features/profiles/ui/edit-profile-page.tsx': () => m.app_title_edit_profile(),
  'src/features/services/ui/find-service-page.tsx': ({ category }) => {
    const chosen = category === undefined ? undefined : parseServiceCategory(category);
    return chosen === undefined || chosen === 'all' ? m.app_title_find_service() : serviceCategoryName(chosen);
  },
  'src/features/services/ui/prof-profile-page.tsx': () => m.app_title_provider(),
  'src/features/services/ui/edit-profession-page.tsx': () => m.app_title_edit_service(),
  'src/features/moderation/ui/moderation-page.tsx': () => m.moderation_nav(),
  'src/features/rent/ui/edit-rent-page.tsx': () => m.rent_edit_title(),
  'src/features/saved/ui/saved-page.tsx': () => m.saved_title(),
};

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'route' in handle && 'props' in handle;

/** The title of the page the router shows: the last match's manifest route, else (a 404) "Page not found". */
export function routeTitle(match: { handle: unknown; params: Params } | undefined): string | undefined {
  const handle = match?.handle;
  if (!isRouteHandle(handle)) return m.app_title_not_found();
  return PAGE_TITLES[handle.route.page]({ ...match?.params, ...handle.props });
}
