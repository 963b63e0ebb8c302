import { selfIdAtom } from '@/features/accounts/session/session-atoms';
import { appStore } from '@/lib/app-store';
import { resumeOutbox, startOutbox } from '@/lib/outbox/outbox';
import { warmUpOutboxSenders } from '@/lib/outbox/outbox-senders';

/**
 * Keeps the device's copies moving with the server, for the whole app (DESIGN.md, offline data flow):
 * - the outbox sends on start, when the network returns, on return to the foreground, when the service
 *   worker's Background Sync fires, and when someone signs in;
 * - the listings mirrors sync on start (signed in), when the network returns, and on return to the
 *   foreground (at most once a minute for that one);
 * - the saved listings merge with the account's on start (signed in) and on sign-in.
 * (Whatever of a person is on the phone leaves it when their session ends: src/lib/person-data.ts, called by the
 * session itself, since this machinery does not start for a visitor who only reads.)
 * Answers a function that stops it all.
 */
const FOREGROUND_SYNC_MIN_INTERVAL_MS = 60_000;

export function startOfflineSupport(): () => void {
  const stopOutbox = startOutbox();
  warmUpOutboxSenders();

  let lastSync = 0;
  const syncMirrors = (reason: 'start' | 'online' | 'foreground') => {
    if (!appStore.get(selfIdAtom) || !navigator.onLine) return;
    if (reason === 'foreground' && Date.now() - lastSync < FOREGROUND_SYNC_MIN_INTERVAL_MS) return;
    lastSync = Date.now();
    void syncListingMirrors(reason);
  };
  const onOnline = () => syncMirrors('online');
  const onVisible = () => document.visibilityState === 'visible' && syncMirrors('foreground');
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);

  let selfId = appStore.get(selfIdAtom);
  const stopSession = appStore.sub(selfIdAtom, () => {
    const next = appStore.get(selfIdAtom);
    if (next && next !== selfId) {
      void resumeOutbox();
      syncMirrors('start');
      syncSaved(next);
    }
    selfId = next;
  });
  syncMirrors('start');
  if (selfId) syncSaved(selfId);

  return () => {
    stopOutbox();
    stopSession();
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * At start, a mirror that the page in front of the person synced a moment ago (the lists sync as they open) is
 * not asked again.
 */
const START_SYNC_FRESH_MS = 30_000;

/** Loaded on demand, so that the shell does not carry the listings' code. */
async function syncListingMirrors(reason: 'start' | 'online' | 'foreground'): Promise<void> {
  const [rent, services] = await Promise.all([
    import('@/features/rent/api/rent-posts-source'),
    import('@/features/services/api/fetch-services'),
  ]);
  const syncs = [rent.syncRentPosts, services.syncServices].filter(
    (sync) => reason !== 'start' || !sync.succeededWithin(START_SYNC_FRESH_MS),
  );
  const results = await Promise.allSettled(syncs.map((sync) => sync()));
  for (const result of results) {
    if (result.status === 'rejected') console.info('A listings sync did not complete', result.reason);
  }
}

/** Loaded on demand: the shell does not carry the saved listings' code. */
function syncSaved(ownerId: string): void {
  if (!navigator.onLine) return;
  import('@/lib/saved/sync-saved')
    .then((saved) => saved.syncSavedItems(ownerId))
    .catch((error: unknown) => console.info('The saved listings sync did not complete', error));
}
