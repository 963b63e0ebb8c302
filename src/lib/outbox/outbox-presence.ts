import { useSyncExternalStore } from 'react';
import { isOutboxInUse, setOutboxInUseFlag } from './outbox-in-use-flag';

export { isOutboxInUse, markOutboxEmpty } from './outbox-in-use-flag';

/**
 * What the app shell needs to know about the outbox without loading it (a visitor who never posted anything loads
 * neither the outbox nor IndexedDB's library):
 * - whether this device may have posts waiting: a flag in localStorage, set when a post is queued and cleared when
 *   the outbox has sent everything;
 * - how to start the offline machinery (the outbox's triggers and badge, the listings sync): the shell hands it
 *   over at start-up (`provideOfflineSupport`), and a page that posts, or a post being queued, asks for it
 *   (`requestOfflineSupport`) before the shell's own moment comes.
 */
const inUseListeners = new Set<() => void>();
let start: (() => void) | undefined;
let requested = false;

export function markOutboxInUse(): void {
  // Should storage refuse it (private mode), the lists are told below all the same, for this visit.
  setOutboxInUseFlag();
  for (const listener of [...inUseListeners]) listener();
}

/**
 * Whether posts may be waiting on this device, kept current as one is queued: lists show their waiting posts
 * (and load the outbox's code and database for it) only then.
 */
export function useOutboxInUse(): boolean {
  return useSyncExternalStore(subscribeToOutboxUse, isOutboxInUse, () => false);
}

function subscribeToOutboxUse(onChange: () => void): () => void {
  inUseListeners.add(onChange);
  return () => inUseListeners.delete(onChange);
}

/** The shell's way to start the offline machinery; answers a function that forgets it (tests, hot reload). */
export function provideOfflineSupport(startOfflineSupport: () => void): () => void {
  start = startOfflineSupport;
  if (requested) startOfflineSupport();
  // A request stands: a page that asked before a restart of the shell (React's StrictMode) still wants it.
  return () => {
    if (start === startOfflineSupport) start = undefined;
  };
}

/**
 * A page that posts is open, or a post was queued: the offline machinery is needed now. Before the shell has
 * handed over its start (a page rendered in the same tick as the shell), it starts as soon as it has.
 */
export function requestOfflineSupport(): void {
  requested = true;
  start?.();
}
