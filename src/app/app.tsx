import { Provider } from 'jotai';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startSessionListener } from '@/features/accounts/session/session-flows';
import { appStore } from '@/lib/app-store';
import { startOfflineSupport } from './offline/start-offline-support';
import { createAppRouter } from './routes';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => startSessionListener(), []);
  useEffect(() => startOfflineSupport(), []);
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}
