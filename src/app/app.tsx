import { Provider } from 'jotai';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startSessionListener } from '@/features/accounts/session/session-flows';
import { appStore } from '@/lib/app-store';
import { FeatureSlots } from './feature-slots';
import { startOfflineSupportWhenNeeded } from './offline/offline-support-loader';
import type { AppRouter } from './routes';

export function App({ router }: { router: AppRouter }) {
  useEffect(() => startSessionListener(), []);
  useEffect(() => startOfflineSupportWhenNeeded(), []);
  return (
    <Provider store={appStore}>
      <FeatureSlots>
        <RouterProvider router={router} />
      </FeatureSlots>
    </Provider>
  );
}
