import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RequireSignIn } from './require-sign-in';
import { RouteError } from './route-error';

// Each page is its own chunk, so a visitor downloads only what the page in front of them needs.
const LoginPage = lazy(() => import('@/features/accounts/ui/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('@/features/accounts/ui/register-page').then((m) => ({ default: m.RegisterPage })),
);
const OtpValidatePage = lazy(() =>
  import('@/features/accounts/ui/otp-validate-page').then((m) => ({ default: m.OtpValidatePage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/accounts/ui/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const rent = {
  ListingPage: lazy(() => import('@/features/rent/ui/rent-listing-page').then((m) => ({ default: m.RentListingPage }))),
  DetailsPage: lazy(() => import('@/features/rent/ui/rent-details-page').then((m) => ({ default: m.RentDetailsPage }))),
  AddPage: lazy(() => import('@/features/rent/ui/add-rent-page').then((m) => ({ default: m.AddRentPage }))),
};
const services = {
  OfferPage: lazy(() =>
    import('@/features/services/ui/offer-service-page').then((m) => ({ default: m.OfferServicePage })),
  ),
  FindPage: lazy(() =>
    import('@/features/services/ui/find-service-page').then((m) => ({ default: m.FindServicePage })),
  ),
  ProviderPage: lazy(() =>
    import('@/features/services/ui/prof-profile-page').then((m) => ({ default: m.ProfProfilePage })),
  ),
  EditPage: lazy(() =>
    import('@/features/services/ui/edit-profession-page').then((m) => ({ default: m.EditProfessionPage })),
  ),
};
const profiles = {
  // The profile page signs out and sends reviews through the accounts and services features: the app wires them.
  ProfilePage: lazy(async () => {
    const [{ ProfilePage }, { signOut }, { addFeedback }] = await Promise.all([
      import('@/features/profiles/ui/profile-page'),
      import('@/features/accounts/session/session-flows'),
      import('@/features/services/api/post-services'),
    ]);
    return { default: () => <ProfilePage onLogout={signOut} submitReview={addFeedback} /> };
  }),
  EditPage: lazy(() =>
    import('@/features/profiles/ui/edit-profile-page').then((m) => ({ default: m.EditProfilePage })),
  ),
};
const publicSite = {
  LandingPage: lazy(() => import('@/features/public-site/ui/landing-page').then((m) => ({ default: m.LandingPage }))),
  AboutPage: lazy(() => import('@/features/public-site/ui/about-page').then((m) => ({ default: m.AboutPage }))),
  ContactPage: lazy(() => import('@/features/public-site/ui/contact-page').then((m) => ({ default: m.ContactPage }))),
  PrivacyPage: lazy(() => import('@/features/public-site/ui/privacy-page').then((m) => ({ default: m.PrivacyPage }))),
  TermsPage: lazy(() => import('@/features/public-site/ui/terms-page').then((m) => ({ default: m.TermsPage }))),
  AboutUsPage: lazy(() => import('@/features/public-site/ui/about-us-page').then((m) => ({ default: m.AboutUsPage }))),
  ServiceInfoPage: lazy(() =>
    import('@/features/public-site/ui/service-info-page').then((m) => ({ default: m.ServiceInfoPage })),
  ),
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

/** The route table of the shell spec, section 2.1. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <publicSite.LandingPage /> },
      { path: '/auth/login', element: <LoginPage /> },
      { path: '/auth/register', element: <RegisterPage /> },
      { path: '/auth/otp-validate/:id', element: <OtpValidatePage /> },
      { path: '/auth/reset-password', element: <ResetPasswordPage /> },
      ...SERVICE_PAGE_SLUGS.map((slug) => ({
        path: `/services/${slug}`,
        element: <publicSite.ServiceInfoPage slug={slug} />,
      })),
      { path: '/about', element: <publicSite.AboutPage /> },
      { path: '/contact', element: <publicSite.ContactPage /> },
      { path: '/privacy', element: <publicSite.PrivacyPage /> },
      { path: '/terms', element: <publicSite.TermsPage /> },
      {
        path: '/main',
        element: <RequireSignIn />,
        children: [
          { path: 'about-us', element: <publicSite.AboutUsPage /> },
          { path: 'offer-service', element: <services.OfferPage /> },
          { path: 'rent', element: <rent.ListingPage /> },
          { path: 'add-rent', element: <rent.AddPage /> },
          { path: 'view-rent/:id', element: <rent.DetailsPage /> },
          { path: 'profile/:userId', element: <profiles.ProfilePage /> },
          { path: 'edit-profile', element: <profiles.EditPage /> },
          { path: 'find-service/:category', element: <services.FindPage /> },
          { path: 'prof-profile/:id', element: <services.ProviderPage /> },
          { path: 'edit-profession/:serviceId', element: <services.EditPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
