import { Provider } from 'jotai';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startSessionListener } from '@/features/accounts/session/session-flows';
import { appStore } from '@/lib/app-store';
import { startOfflineSupportWhenNeeded } from './offline/offline-support-loader';
import type { AppRouter } from './routes';

export function App({ router }: { router: AppRouter }) {
  useEffect(() => startSessionListener(), []);
  useEffect(() => startOfflineSupportWhenNeeded(), []);
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}
