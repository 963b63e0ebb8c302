/**
 * Whether posts may be waiting on this device: a flag in the page's localStorage (./outbox-presence.ts says what
 * reads it). The service worker, which sends the outbox on Background Sync, has no localStorage: there the flag is
 * left as it is, and the next page that finds the outbox empty clears it.
 */
const OUTBOX_IN_USE_KEY = 'basha.outboxInUse';

interface FlagStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

// Declared here, not taken from the DOM's types, because this module also runs in the service worker, where the
// name does not exist (hence `typeof`, which does not throw on a missing name).
declare const localStorage: FlagStorage | undefined;

function flags(): FlagStorage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

export function setOutboxInUseFlag(): void {
  try {
    flags()?.setItem(OUTBOX_IN_USE_KEY, '1');
  } catch {
    // Storage refused (private mode).
  }
}

export function markOutboxEmpty(): void {
  try {
    flags()?.removeItem(OUTBOX_IN_USE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** True when posts may be waiting (or when it cannot be told). */
export function isOutboxInUse(): boolean {
  try {
    const storage = flags();
    return storage ? storage.getItem(OUTBOX_IN_USE_KEY) !== null : true;
  } catch {
    return true;
  }
}
