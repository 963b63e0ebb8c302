import { atom } from 'jotai';
import { selfIdAtom } from '@/features/accounts/session/session-atoms';
import { appStore } from '@/lib/app-store';
import { isOutboxInUse, provideOfflineSupport } from '@/lib/outbox/outbox-presence';
import { whenIdleAfterFirstContent } from '@/lib/when-idle';

/**
 * When the offline machinery (outbox triggers and badge, listings sync; see start-offline-support.ts) loads. The
 * shell calls `startOfflineSupportWhenNeeded` once; the machinery then starts at the first of:
 * - the shell's own moment: once the page's first content has settled and the browser is idle (decision 0009), for
 *   someone signed in or a device with posts waiting;
 * - someone signing in;
 * - an explicit request (`requestOfflineSupport` in src/lib/outbox/outbox-presence.ts): a page that posts opened
 *   (`useOutboxPost`), or a post was queued.
 * A visitor who only reads never loads it.
 */
export const offlineSupportStartedAtom = atom(false);

const IDLE_TIMEOUT_MS = 2000;
let started: Promise<() => void> | undefined;

function startNow(): Promise<() => void> {
  started ??= import('./start-offline-support').then(
    ({ startOfflineSupport }) => {
      const stop = startOfflineSupport();
      appStore.set(offlineSupportStartedAtom, true);
      return stop;
    },
    (error: unknown) => {
      // Offline without the service worker's copy of the chunk: the next occasion (or the network returning)
      // tries again.
      console.info('The offline support could not load yet', error);
      started = undefined;
      window.addEventListener('online', () => void startNow(), { once: true });
      return () => undefined;
    },
  );
  return started;
}

/** Arranges the offline machinery's start (see above); answers a function that stops it. */
export function startOfflineSupportWhenNeeded(): () => void {
  const needed = () => appStore.get(selfIdAtom) !== undefined || isOutboxInUse();
  const stopProviding = provideOfflineSupport(() => void startNow());
  const cancelIdle = whenIdleAfterFirstContent(() => needed() && void startNow(), IDLE_TIMEOUT_MS);
  const stopSession = appStore.sub(selfIdAtom, () => needed() && void startNow());
  return () => {
    stopProviding();
    cancelIdle();
    stopSession();
    void started?.then((stop) => stop());
    started = undefined;
    appStore.set(offlineSupportStartedAtom, false);
  };
}
