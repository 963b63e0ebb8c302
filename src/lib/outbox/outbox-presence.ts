import { useSyncExternalStore } from 'react';

/**
 * Whether this device has ever got posts waiting, known without opening IndexedDB: a flag in localStorage set
 * when a post is queued and cleared when the outbox has sent everything. A visitor who never posted anything
 * then loads neither the outbox nor IndexedDB's library.
 */
const OUTBOX_IN_USE_KEY = 'basha.outboxInUse';
export const OUTBOX_USED_EVENT = 'basha:outbox-used';

export function markOutboxInUse(): void {
  try {
    localStorage.setItem(OUTBOX_IN_USE_KEY, '1');
  } catch {
    // Storage refused (private mode): the event below still starts the outbox's triggers.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(OUTBOX_USED_EVENT));
}

/**
 * Whether posts may be waiting on this device, kept current as one is queued: lists show their waiting posts
 * (and load the outbox's code and database for it) only then.
 */
export function useOutboxInUse(): boolean {
  return useSyncExternalStore(subscribeToOutboxUse, isOutboxInUse, () => false);
}

function subscribeToOutboxUse(onChange: () => void): () => void {
  window.addEventListener(OUTBOX_USED_EVENT, onChange);
  return () => window.removeEventListener(OUTBOX_USED_EVENT, onChange);
}

export function markOutboxEmpty(): void {
  try {
    localStorage.removeItem(OUTBOX_IN_USE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** True when posts may be waiting (or when it cannot be told). */
export function isOutboxInUse(): boolean {
  try {
    return localStorage.getItem(OUTBOX_IN_USE_KEY) !== null;
  } catch {
    return true;
  }
}

let outboxLoaded = false;
export const OUTBOX_LOADED_EVENT = 'basha:outbox-loaded';

/** Called when the outbox's code is loaded (a page with a post form): its triggers and badge should be too. */
export function announceOutboxLoaded(): void {
  outboxLoaded = true;
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(OUTBOX_LOADED_EVENT));
}

export function isOutboxLoaded(): boolean {
  return outboxLoaded;
}
