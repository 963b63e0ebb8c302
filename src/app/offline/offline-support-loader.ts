import { atom } from 'jotai';
import { selfIdAtom } from '@/features/accounts/session/session-atoms';
import { appStore } from '@/lib/app-store';
import { isOutboxInUse, isOutboxLoaded, OUTBOX_LOADED_EVENT, OUTBOX_USED_EVENT } from '@/lib/outbox/outbox-presence';
import { whenIdleAfterFirstContent } from '@/lib/when-idle';

/**
 * When the offline machinery (outbox triggers and badge, listings sync; see start-offline-support.ts) loads:
 * once the page's first content is shown and the browser is idle, for someone signed in or a device with posts
 * waiting; at once when a page with a post form loads, a post is queued, or someone signs in. A visitor who only
 * reads never loads it.
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
      // Offline without the service worker's copy of the chunk: try again on the next occasion.
      console.info('The offline support could not load yet', error);
      started = undefined;
      return () => undefined;
    },
  );
  return started;
}

export function loadOfflineSupportWhenNeeded(): () => void {
  const needed = () => appStore.get(selfIdAtom) !== undefined || isOutboxInUse();
  const cancelIdle = whenIdleAfterFirstContent(() => needed() && void startNow(), IDLE_TIMEOUT_MS);
  const onQueued = () => void startNow();
  window.addEventListener(OUTBOX_USED_EVENT, onQueued);
  window.addEventListener(OUTBOX_LOADED_EVENT, onQueued);
  const onOnline = () => needed() && void startNow();
  window.addEventListener('online', onOnline);
  if (isOutboxLoaded()) void startNow();
  const stopSession = appStore.sub(selfIdAtom, () => needed() && void startNow());
  return () => {
    cancelIdle();
    stopSession();
    window.removeEventListener(OUTBOX_USED_EVENT, onQueued);
    window.removeEventListener(OUTBOX_LOADED_EVENT, onQueued);
    window.removeEventListener('online', onOnline);
    void started?.then((stop) => stop());
    started = undefined;
    appStore.set(offlineSupportStartedAtom, false);
  };
}
