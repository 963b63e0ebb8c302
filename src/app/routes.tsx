import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RequireSignIn } from './require-sign-in';
import { RouteError } from './route-error';

// Each page is its own chunk, so a visitor downloads only what the page in front of them needs. The router loads a
// page's chunk before it shows the page (React Router's `lazy` route property), so no page passes through a Suspense
// fallback: React holds a revealed fallback on screen for at least 300 ms, which on a phone that already has the
// chunk (the server names it in the page, server/http/route-preloads.ts) only delays the page. The two lists also
// read their first screen from the mirror in a route loader, so that they too render whole, in one go.
const accounts = {
  login: () => import('@/features/accounts/ui/login-page').then((m) => ({ Component: m.LoginPage })),
  register: () => import('@/features/accounts/ui/register-page').then((m) => ({ Component: m.RegisterPage })),
  otpValidate: () => import('@/features/accounts/ui/otp-validate-page').then((m) => ({ Component: m.OtpValidatePage })),
  resetPassword: () =>
    import('@/features/accounts/ui/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  newPassword: () => import('@/features/accounts/ui/new-password-page').then((m) => ({ Component: m.NewPasswordPage })),
};
const rent = {
  listing: () =>
    import('@/features/rent/ui/rent-listing-page').then((m) => ({
      Component: m.RentListingPage,
      loader: m.loadRentListing,
      shouldRevalidate: m.shouldRevalidateRentListing,
    })),
  details: () => import('@/features/rent/ui/rent-details-page').then((m) => ({ Component: m.RentDetailsPage })),
  add: () => import('@/features/rent/ui/add-rent-page').then((m) => ({ Component: m.AddRentPage })),
};
const services = {
  offer: () => import('@/features/services/ui/offer-service-page').then((m) => ({ Component: m.OfferServicePage })),
  find: () =>
    import('@/features/services/ui/find-service-page').then((m) => ({
      Component: m.FindServicePage,
      loader: m.loadFindService,
      shouldRevalidate: m.shouldRevalidateFindService,
    })),
  provider: () => import('@/features/services/ui/prof-profile-page').then((m) => ({ Component: m.ProfProfilePage })),
  edit: () => import('@/features/services/ui/edit-profession-page').then((m) => ({ Component: m.EditProfessionPage })),
};
const profiles = {
  // The profile page signs out and sends reviews through the accounts and services features: the app wires them.
  profile: async () => {
    const [{ ProfilePage }, { signOut }, { addFeedback }] = await Promise.all([
      import('@/features/profiles/ui/profile-page'),
      import('@/features/accounts/session/session-flows'),
      import('@/features/services/api/post-services'),
    ]);
    return { Component: () => <ProfilePage onLogout={signOut} submitReview={addFeedback} /> };
  },
  edit: () => import('@/features/profiles/ui/edit-profile-page').then((m) => ({ Component: m.EditProfilePage })),
};
const publicSite = {
  landing: () => import('@/features/public-site/ui/landing-page').then((m) => ({ Component: m.LandingPage })),
  about: () => import('@/features/public-site/ui/about-page').then((m) => ({ Component: m.AboutPage })),
  contact: () => import('@/features/public-site/ui/contact-page').then((m) => ({ Component: m.ContactPage })),
  privacy: () => import('@/features/public-site/ui/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  terms: () => import('@/features/public-site/ui/terms-page').then((m) => ({ Component: m.TermsPage })),
  aboutUs: () => import('@/features/public-site/ui/about-us-page').then((m) => ({ Component: m.AboutUsPage })),
  serviceInfo: (slug: string) => () =>
    import('@/features/public-site/ui/service-info-page').then((m) => ({
      Component: () => <m.ServiceInfoPage slug={slug} />,
    })),
};

/** The footer's service pages (shell spec 2.1). */
const SERVICE_PAGE_SLUGS = [
  'rent',
  'home-moving',
  'home-maid',
  'home-shifter',
  'tutor',
  'it-provider',
  'plumber',
  'electrician',
];

const NoFallback = () => null;

/** The route table of the shell spec, section 2.1. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Nothing is rendered on the server: while the first page's chunk loads, the page stays as the HTML has it
    // (blank, or the landing page's prerendered first screen). Naming that fallback spares every first load
    // React Router's warning about a missing one.
    HydrateFallback: NoFallback,
    children: [
      { path: '/', lazy: publicSite.landing },
      { path: '/auth/login', lazy: accounts.login },
      { path: '/auth/register', lazy: accounts.register },
      { path: '/auth/otp-validate/:id', lazy: accounts.otpValidate },
      { path: '/auth/reset-password', lazy: accounts.resetPassword },
      { path: '/auth/new-password', lazy: accounts.newPassword },
      ...SERVICE_PAGE_SLUGS.map((slug) => ({
        path: `/services/${slug}`,
        lazy: publicSite.serviceInfo(slug),
      })),
      { path: '/about', lazy: publicSite.about },
      { path: '/contact', lazy: publicSite.contact },
      { path: '/privacy', lazy: publicSite.privacy },
      { path: '/terms', lazy: publicSite.terms },
      {
        path: '/main',
        element: <RequireSignIn />,
        children: [
          { path: 'about-us', lazy: publicSite.aboutUs },
          { path: 'offer-service', lazy: services.offer },
          { path: 'rent', lazy: rent.listing },
          { path: 'add-rent', lazy: rent.add },
          { path: 'view-rent/:id', lazy: rent.details },
          { path: 'profile/:userId', lazy: profiles.profile },
          { path: 'edit-profile', lazy: profiles.edit },
          { path: 'find-service/:category', lazy: services.find },
          { path: 'prof-profile/:id', lazy: services.provider },
          { path: 'edit-profession/:serviceId', lazy: services.edit },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The app's router, matching the page's address at once and starting to load that page's chunk and loader. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}
