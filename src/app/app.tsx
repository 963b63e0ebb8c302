import { Provider } from 'jotai';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startSessionListener } from '@/features/accounts/session/session-flows';
import { appStore } from '@/lib/app-store';
import { createAppRouter } from './routes';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => startSessionListener(), []);
  // The outbox and the mirrors' sync (and IndexedDB's library) load after the first page is on screen.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./offline/start-offline-support').then(({ startOfflineSupport }) => {
      if (!stopped) stop = startOfflineSupport();
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}
