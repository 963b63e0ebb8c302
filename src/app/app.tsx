import { Provider } from 'jotai';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startSessionListener } from '@/features/accounts/session/session-flows';
import { appStore } from '@/lib/app-store';
import { loadOfflineSupportWhenNeeded } from './offline/offline-support-loader';
import { registerOutboxSenders } from './offline/register-outbox-senders';
import { createAppRouter } from './routes';

// A post can be queued on any page, before the rest of the offline machinery has loaded.
registerOutboxSenders();

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => startSessionListener(), []);
  useEffect(() => loadOfflineSupportWhenNeeded(), []);
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}
