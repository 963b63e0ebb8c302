/**
 * The app's pages (shell spec, section 2.1) as plain data: the router (src/app/routes.tsx) is built from this
 * list, the build names each page's files for the server to preload (scripts/build/route-preloads-plugin.ts),
 * the benchmark measures each page's first load (scripts/bench/bundle-report.ts) and the server matches a
 * request to a page with ./route-match.ts. Adding a page here is the one step all of them need. This module
 * imports only the pure domain, so Node (the build, the server) reads it without React or any page.
 */

import { ADDED_CONTACTS } from './contact-additions';
import { SERVICE_PAGE_SLUGS } from './service-pages';

export interface RouteDefinition {
  /** The full path, parameters as `:name` (`/main/view-rent/:id`). */
  readonly path: string;
  /** The page module the route loads lazily, from the repository root as Vite's manifest keys it. */
  readonly page: string;
  /**
   * `true`: shown only to a signed-in person, behind `/main`'s RequireSignIn guard. `'optional'`: open to visitors
   * too (issue 40: browsing is public), and told who is signed in, if anyone. `false`: a public page of the site.
   */
  readonly signIn: boolean | 'optional';
  /** Modules the route loads beside its page (from the repository root): their chunks are preloaded with it. */
  readonly preload?: readonly string[];
  /**
   * A parameter that takes only these values: the router has one route per value (any other value is a 404)
   * and gives the value to the page as a prop of that name.
   */
  readonly values?: { readonly [param: string]: readonly string[] };
}

/** Where the pages behind sign-in live; the router's guard route and its own 404 sit at this path. */
export const SIGNED_IN_BASE = '/main';

export const ROUTE_MANIFEST = [
  { path: '/', page: 'src/features/public-site/ui/landing-page.tsx', signIn: false },
  { path: '/auth/login', page: 'src/features/accounts/ui/login-page.tsx', signIn: false },
  { path: '/auth/register', page: 'src/features/accounts/ui/register-page.tsx', signIn: false },
  { path: '/auth/phone', page: 'src/features/accounts/ui/phone-page.tsx', signIn: false },
  // The phone sign-in's steps (the number, the SMS code, a new number's registration) are one page module, which
  // reads its step from the path: one chunk, so that nothing of them joins the chunk every form page loads.
  { path: '/auth/phone/code', page: 'src/features/accounts/ui/phone-page.tsx', signIn: false },
  { path: '/auth/phone/register', page: 'src/features/accounts/ui/phone-page.tsx', signIn: false },
  { path: '/auth/otp-validate/:id', page: 'src/features/accounts/ui/otp-validate-page.tsx', signIn: false },
  { path: '/auth/reset-password', page: 'src/features/accounts/ui/reset-password-page.tsx', signIn: false },
  { path: '/auth/new-password', page: 'src/features/accounts/ui/new-password-page.tsx', signIn: false },
  {
    path: '/services/:slug',
    page: 'src/features/public-site/ui/service-info-page.tsx',
    signIn: false,
    values: { slug: SERVICE_PAGE_SLUGS },
  },
  { path: '/about', page: 'src/features/public-site/ui/about-page.tsx', signIn: false },
  { path: '/contact', page: 'src/features/public-site/ui/contact-page.tsx', signIn: false },
  { path: '/privacy', page: 'src/features/public-site/ui/privacy-page.tsx', signIn: false },
  { path: '/terms', page: 'src/features/public-site/ui/terms-page.tsx', signIn: false },
  { path: '/main/about-us', page: 'src/features/public-site/ui/about-us-page.tsx', signIn: true },
  { path: '/main/offer-service', page: 'src/features/services/ui/offer-service-page.tsx', signIn: true },
  { path: '/main/rent', page: 'src/features/rent/ui/rent-listing-page.tsx', signIn: 'optional' },
  { path: '/main/add-rent', page: 'src/features/rent/ui/add-rent-page.tsx', signIn: true },
  { path: '/main/view-rent/:id', page: 'src/features/rent/ui/rent-details-page.tsx', signIn: 'optional' },
  { path: '/main/edit-rent/:id', page: 'src/features/rent/ui/edit-rent-page.tsx', signIn: true },
  {
    path: '/main/profile/:userId',
    page: 'src/features/profiles/ui/profile-page.tsx',
    signIn: true,
    // The profile page signs out and sends reviews through the accounts and services features: the app wires them.
    preload: ['src/features/accounts/session/session-flows.ts', 'src/features/services/api/post-services.ts'],
  },
  { path: '/main/edit-profile', page: 'src/features/profiles/ui/edit-profile-page.tsx', signIn: true },
  // Adding a phone number or an e-mail to one's account (issue 40): the phone sign-in's module too, whose steps
  // they reuse, so that those steps stay one page's code and join no chunk other pages load.
  {
    path: '/main/add/:contact',
    page: 'src/features/accounts/ui/phone-page.tsx',
    signIn: true,
    values: { contact: ADDED_CONTACTS },
  },
  {
    path: '/main/add/:contact/code',
    page: 'src/features/accounts/ui/phone-page.tsx',
    signIn: true,
    values: { contact: ['phone'] },
  },
  { path: '/main/find-service/:category', page: 'src/features/services/ui/find-service-page.tsx', signIn: 'optional' },
  { path: '/main/prof-profile/:id', page: 'src/features/services/ui/prof-profile-page.tsx', signIn: 'optional' },
  { path: '/main/edit-profession/:serviceId', page: 'src/features/services/ui/edit-profession-page.tsx', signIn: true },
  { path: '/main/moderation', page: 'src/features/moderation/ui/moderation-page.tsx', signIn: true },
  { path: '/main/saved', page: 'src/features/saved/ui/saved-page.tsx', signIn: true },
  { path: '/main/requests', page: 'src/features/requests/ui/requests-page.tsx', signIn: true },
  // The conversations and one conversation are one page module, which reads the conversation from the path: one
  // chunk, one title and one description in the shell.
  { path: '/main/messages', page: 'src/features/conversations/ui/messages-page.tsx', signIn: true },
  { path: '/main/messages/:id', page: 'src/features/conversations/ui/messages-page.tsx', signIn: true },
  { path: '/main/notifications', page: 'src/features/alerts/ui/alerts-page.tsx', signIn: true },
] as const satisfies readonly RouteDefinition[];

export type AppRoute = (typeof ROUTE_MANIFEST)[number];

/** A page module of the manifest. */
export type RoutePage = AppRoute['page'];
