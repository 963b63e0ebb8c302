import { Provider } from 'jotai';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startSessionListener } from '@/features/accounts/session/session-flows';
import { appStore } from '@/lib/app-store';
import { whenIdle } from '@/lib/when-idle';
import { createAppRouter } from './routes';

const OFFLINE_SUPPORT_IDLE_TIMEOUT_MS = 2000;

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => startSessionListener(), []);
  // The outbox and the mirrors' sync (and IndexedDB's library) load once the first page is on screen and the
  // browser is idle (pages that need them sooner import them themselves).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    const cancel = whenIdle(() => {
      void import('./offline/start-offline-support').then(({ startOfflineSupport }) => {
        if (!stopped) stop = startOfflineSupport();
      });
    }, OFFLINE_SUPPORT_IDLE_TIMEOUT_MS);
    return () => {
      stopped = true;
      cancel();
      stop?.();
    };
  }, []);
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}
