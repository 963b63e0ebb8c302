import { useSyncExternalStore } from 'react';
import { savedKey, type SavedKind } from '@/domain/saved';
import { readSession } from '../session-cookies';
import { listSavedRows } from './saved-db';

/**
 * Which items the signed-in person has saved, in memory, for the hearts: a list of fifty cards asks fifty times and
 * reads IndexedDB once, and the session cookie once. Loaded on the first heart shown, kept current by the toggles
 * and syncs of this tab (and reloaded when another tab says so, through a BroadcastChannel).
 */

interface SavedKeys {
  ownerId: string | undefined;
  keys: ReadonlySet<string>;
}

let state: SavedKeys = { ownerId: undefined, keys: new Set() };
let loading: Promise<void> | undefined;
/** Whose keys `loading` reads: known as soon as a read starts, where `state.ownerId` is known only once it ends. */
let loadingFor: string | undefined;
const listeners = new Set<() => void>();
const CHANNEL = 'basha-saved';
let channel: BroadcastChannel | undefined;

function emit(): void {
  for (const listener of listeners) listener();
}

/** Reads the owner's keys from the phone (again). */
export function reloadSavedKeys(): Promise<void> {
  const ownerId = readSession()?.userId;
  loadingFor = ownerId;
  const read: Promise<void> = (ownerId ? listSavedRows(ownerId) : Promise.resolve([]))
    .then((rows) => {
      // A newer read (another account, another tab's change) has the last word.
      if (loading !== read) return;
      state = { ownerId, keys: new Set(rows.map(savedKey)) };
      emit();
    })
    .catch((error: unknown) => console.info('Saved items could not be read', error));
  loading = read;
  return read;
}

/**
 * The first heart on a page checks whose keys are loaded; the hearts mounted with it do not. Reading the session
 * parses `document.cookie`, and a list's fifty hearts subscribe in one task: checking each made that task a long one
 * (up to 100 ms on a slow phone, most of the service list's blocking time), and, before the first read ended, started
 * a read of IndexedDB per heart. A change of account in between is caught by sign-out (forgetSavedKeys).
 */
function subscribe(listener: () => void): () => void {
  const firstHeart = listeners.size === 0;
  listeners.add(listener);
  if (!loading || (firstHeart && loadingFor !== readSession()?.userId)) void reloadSavedKeys();
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void reloadSavedKeys();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      channel?.close();
      channel = undefined;
    }
  };
}

/** One item's state changed here: the hearts in this tab follow at once, other tabs re-read the phone's list. */
export function setSavedKey(kind: SavedKind, id: string, saved: boolean): void {
  const keys = new Set(state.keys);
  const key = savedKey({ kind, id });
  if (saved) keys.add(key);
  else keys.delete(key);
  state = { ...state, keys };
  emit();
  announceSavedChange();
}

/** Many items changed (a sync, a sign-out): every heart re-reads. */
export function announceSavedChange(): void {
  try {
    const other = new BroadcastChannel(CHANNEL);
    other.postMessage('changed');
    other.close();
  } catch {
    // No BroadcastChannel: other tabs catch up when they next load.
  }
}

/**
 * Whether an item is saved, once the phone's list has been read: a heart pressed before then must not act on the
 * "not saved" it shows while loading.
 */
export async function isSavedNow(kind: SavedKind, id: string): Promise<boolean> {
  if (!loading || loadingFor !== readSession()?.userId) await reloadSavedKeys();
  else await loading;
  return state.keys.has(savedKey({ kind, id }));
}

export function useIsSaved(kind: SavedKind, id: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.keys.has(savedKey({ kind, id })),
    () => false,
  );
}

/** For tests and sign-out: forget what was loaded. */
export function forgetSavedKeys(): void {
  state = { ownerId: undefined, keys: new Set() };
  loading = undefined;
  loadingFor = undefined;
  emit();
}

let loadedKeys: { state: SavedKeys; loaded: boolean } | undefined;

/** Every saved key of the signed-in person, or undefined until read from the phone (for the Saved page). */
export function useSavedKeys(): ReadonlySet<string> | undefined {
  return useSyncExternalStore(
    subscribe,
    () => {
      if (!loadedKeys || loadedKeys.state !== state) loadedKeys = { state, loaded: state.ownerId !== undefined };
      return loadedKeys.loaded ? state.keys : undefined;
    },
    () => undefined,
  );
}
