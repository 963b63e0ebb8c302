import { Provider } from 'jotai';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useLocale } from '@/i18n/client-locale';
import { startSessionListener } from '@/features/accounts/session/session-flows';
import { appStore } from '@/lib/app-store';
import { useAccountLanguage } from './account-language';
import { FeatureSlots } from './feature-slots';
import { startOfflineSupportWhenNeeded } from './offline/offline-support-loader';
import { linkManifestOf } from './pwa/manifest-link';
import type { AppRouter } from './routes';

export function App({ router }: { router: AppRouter }) {
  useEffect(() => startSessionListener(), []);
  useEffect(() => startOfflineSupportWhenNeeded(), []);
  useAccountLanguage();
  // A new language renders every page afresh (the router and the stores stay): each message reads the language as
  // it renders.
  const locale = useLocale();
  // Installing from a Bangla page names the app in Bangla.
  useEffect(() => linkManifestOf(locale), [locale]);
  return (
    <Provider store={appStore}>
      <FeatureSlots key={locale}>
        <RouterProvider router={router} />
      </FeatureSlots>
    </Provider>
  );
}
