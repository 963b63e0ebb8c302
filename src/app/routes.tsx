import { lazy, Suspense } from 'react';
import { createBrowserRouter, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layout/root-layout';
import { landingLoader } from './pwa/installed-launch';
import { NotFoundPage } from './pages/not-found-page';
import { RequireSignIn, SignedInIfAny } from './require-sign-in';
import { ROUTE_MANIFEST, SIGNED_IN_BASE, type AppRoute, type RoutePage } from '@/domain/route-manifest';
import { routeVariants } from '@/domain/route-match';
import { RouteError } from './route-error';

type PageRoute = Pick<NonIndexRouteObject, 'Component' | 'loader' | 'shouldRevalidate'>;

// Each page is its own chunk, so a visitor downloads only what the page in front of them needs. The router loads a
// page's chunk before it shows the page (React Router's `lazy` route property), so no page passes through a Suspense
// fallback: React holds a revealed fallback on screen for at least 300 ms, which on a phone that already has the
// chunk (the server names it in the page, server/http/route-preloads.ts) only delays the page. The two lists also
// read their first screen from the mirror in a route loader, so that they too render whole, in one go.
// One loader per page module of the route manifest (the type holds the two to the same set of pages); `props` are
// the values of the route's restricted parameters.
const pages: { [P in RoutePage]: (props: Readonly<Record<string, string>>) => Promise<PageRoute> } = {
  'src/features/public-site/ui/landing-page.tsx': () =>
    import('@/features/public-site/ui/landing-page').then((m) => ({ Component: m.LandingPage, loader: landingLoader })),
  'src/features/accounts/ui/login-page.tsx': () =>
    import('@/features/accounts/ui/login-page').then((m) => ({ Component: m.LoginPage })),
  'src/features/accounts/ui/register-page.tsx': () =>
    import('@/features/accounts/ui/register-page').then((m) => ({ Component: m.RegisterPage })),
  'src/features/accounts/ui/phone-page.tsx': () =>
    import('@/features/accounts/ui/phone-page').then((m) => ({ Component: m.PhonePage })),
  'src/features/accounts/ui/otp-validate-page.tsx': () =>
    import('@/features/accounts/ui/otp-validate-page').then((m) => ({ Component: m.OtpValidatePage })),
  'src/features/accounts/ui/reset-password-page.tsx': () =>
    import('@/features/accounts/ui/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  'src/features/accounts/ui/new-password-page.tsx': () =>
    import('@/features/accounts/ui/new-password-page').then((m) => ({ Component: m.NewPasswordPage })),
  'src/features/public-site/ui/service-info-page.tsx': ({ slug }) => {
    if (slug === undefined) throw new Error('A service page is shown for one slug');
    return import('@/features/public-site/ui/service-info-page').then((m) => ({
      Component: () => <m.ServiceInfoPage slug={slug} />,
    }));
  },
  'src/features/public-site/ui/about-page.tsx': () =>
    import('@/features/public-site/ui/about-page').then((m) => ({ Component: m.AboutPage })),
  'src/features/public-site/ui/contact-page.tsx': () =>
    import('@/features/public-site/ui/contact-page').then((m) => ({ Component: m.ContactPage })),
  'src/features/public-site/ui/privacy-page.tsx': () =>
    import('@/features/public-site/ui/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  'src/features/public-site/ui/terms-page.tsx': () =>
    import('@/features/public-site/ui/terms-page').then((m) => ({ Component: m.TermsPage })),
  'src/features/public-site/ui/about-us-page.tsx': () =>
    import('@/features/public-site/ui/about-us-page').then((m) => ({ Component: m.AboutUsPage })),
  'src/features/services/ui/offer-service-page.tsx': () =>
    import('@/features/services/ui/offer-service-page').then((m) => ({ Component: m.OfferServicePage })),
  'src/features/rent/ui/rent-listing-page.tsx': () =>
    import('@/features/rent/ui/rent-listing-page').then((m) => ({
      Component: m.RentListingPage,
      loader: m.loadRentListing,
      shouldRevalidate: m.shouldRevalidateRentListing,
    })),
  'src/features/rent/ui/add-rent-page.tsx': () =>
    import('@/features/rent/ui/add-rent-page').then((m) => ({ Component: m.AddRentPage })),
  'src/features/rent/ui/rent-details-page.tsx': () =>
    import('@/features/rent/ui/rent-details-page').then((m) => ({ Component: m.RentDetailsPage })),
  'src/features/rent/ui/edit-rent-page.tsx': () =>
    import('@/features/rent/ui/edit-rent-page').then((m) => ({ Component: m.EditRentPage })),
  // The profile page signs out and sends reviews through the accounts and services features: the app wires them
  // (the manifest names the two modules as the route's preloads).
  'src/features/profiles/ui/profile-page.tsx': async () => {
    const [{ ProfilePage }, { signOut }, { addFeedback }] = await Promise.all([
      import('@/features/profiles/ui/profile-page'),
      import('@/features/accounts/session/session-flows'),
      import('@/features/services/api/post-services'),
    ]);
    // One's rent ads load after the profile, as their own chunk: they are not part of the page's first screen.
    const OwnRentAds = lazy(() => import('@/features/rent/ui/own-rent-ads').then((m) => ({ default: m.OwnRentAds })));
    const ownRentAds = (userId: string) => (
      <Suspense fallback={null}>
        <OwnRentAds userId={userId} />
      </Suspense>
    );
    return {
      Component: () => <ProfilePage onLogout={signOut} submitReview={addFeedback} ownRentAds={ownRentAds} />,
    };
  },
  'src/features/profiles/ui/edit-profile-page.tsx': () =>
    import('@/features/profiles/ui/edit-profile-page').then((m) => ({ Component: m.EditProfilePage })),
  'src/features/services/ui/find-service-page.tsx': () =>
    import('@/features/services/ui/find-service-page').then((m) => ({
      Component: m.FindServicePage,
      loader: m.loadFindService,
      shouldRevalidate: m.shouldRevalidateFindService,
    })),
  'src/features/services/ui/prof-profile-page.tsx': () =>
    import('@/features/services/ui/prof-profile-page').then((m) => ({ Component: m.ProfProfilePage })),
  'src/features/services/ui/edit-profession-page.tsx': () =>
    import('@/features/services/ui/edit-profession-page').then((m) => ({ Component: m.EditProfessionPage })),
  'src/features/moderation/ui/moderation-page.tsx': () =>
    import('@/features/moderation/ui/moderation-page').then((m) => ({ Component: m.ModerationPage })),
  'src/features/saved/ui/saved-page.tsx': () =>
    import('@/features/saved/ui/saved-page').then((m) => ({ Component: m.SavedPage })),
  'src/features/requests/ui/requests-page.tsx': () =>
    import('@/features/requests/ui/requests-page').then((m) => ({ Component: m.RequestsPage })),
  'src/features/conversations/ui/messages-page.tsx': () =>
    import('@/features/conversations/ui/messages-page').then((m) => ({ Component: m.MessagesPage })),
  'src/features/alerts/ui/alerts-page.tsx': () =>
    import('@/features/alerts/ui/alerts-page').then((m) => ({ Component: m.AlertsPage })),
};

/** What identifies a router route as a manifest route (React Router's `handle`), for tests and matches. */
export interface RouteHandle {
  route: AppRoute;
  /** The values of the route's restricted parameters for this variant (they are not in the path's params). */
  props: Readonly<Record<string, string>>;
}

/** A manifest route as router routes: one per variant, with absolute paths. */
function pageRoutes(route: AppRoute): RouteObject[] {
  return routeVariants(route).map((variant) => ({
    path: variant.path,
    handle: { route, props: variant.props } satisfies RouteHandle,
    lazy: () => pages[route.page](variant.props),
  }));
}

const NoFallback = () => null;

/** The route table of the shell spec, section 2.1, from the route manifest. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Nothing is rendered on the server: while the first page's chunk loads, the page stays as the HTML has it
    // (blank, or the landing page's prerendered first screen). Naming that fallback spares every first load
    // React Router's warning about a missing one.
    HydrateFallback: NoFallback,
    children: [
      ...ROUTE_MANIFEST.filter((route) => route.signIn === false).flatMap(pageRoutes),
      // Listings, their details and providers: open to visitors (issue 40), told who is signed in, if anyone.
      {
        element: <SignedInIfAny />,
        children: ROUTE_MANIFEST.filter((route) => route.signIn === 'optional').flatMap(pageRoutes),
      },
      {
        path: SIGNED_IN_BASE,
        element: <RequireSignIn />,
        children: [
          ...ROUTE_MANIFEST.filter((route) => route.signIn === true).flatMap(pageRoutes),
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
