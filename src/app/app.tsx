import { Provider } from 'jotai';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startSessionListener } from '@/features/accounts/session/session-flows';
import { appStore } from '@/lib/app-store';
import { FeatureSlots } from './feature-slots';
import { loadOfflineSupportWhenNeeded } from './offline/offline-support-loader';
import { registerOutboxSenders } from './offline/register-outbox-senders';
import type { AppRouter } from './routes';

// A post can be queued on any page, before the rest of the offline machinery has loaded.
registerOutboxSenders();

export function App({ router }: { router: AppRouter }) {
  useEffect(() => startSessionListener(), []);
  useEffect(() => loadOfflineSupportWhenNeeded(), []);
  return (
    <Provider store={appStore}>
      <FeatureSlots>
        <RouterProvider router={router} />
      </FeatureSlots>
    </Provider>
  );
}
