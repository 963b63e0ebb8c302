import * as v from 'valibot';
import { SAVED_KINDS, type SavedKind } from '@/domain/saved';
import { inTransaction, requestResult } from '../mirror/idb';

/**
 * The phone's copy of the person's saved listings, in IndexedDB database `basha-saved` (shared infrastructure in
 * src/lib, decision 0004, since the rent and services features both save and the Saved page shows both): one row
 * per saved item with the whole record as it was when saved (or when the account's list last brought it), so the
 * Saved page opens in airplane mode. The photos are in Cache Storage (./saved-photos.ts). Rows carry their owner;
 * sign-out clears them all. Rows are checked when read back: what sits in IndexedDB outlives the code that wrote it.
 * The browser's own API, no library: the hearts on the lists read it, and the lists' first screen carries no Dexie.
 */

export const SAVED_DB_NAME = 'basha-saved';
const SAVED_DB_VERSION = 1;
const ITEMS = 'items';

const savedRowSchema = v.object({
  /** `rent:<id>` or `service:<id>` (savedKey). */
  key: v.string(),
  kind: v.picklist(SAVED_KINDS),
  id: v.string(),
  ownerId: v.string(),
  /** Epoch ms. */
  savedAt: v.number(),
  /** The listing as the app last read it; the Saved page checks the fields it shows. */
  record: v.unknown(),
  /** The photo URLs kept in the saved photo cache for this item. */
  photos: v.array(v.string()),
});
export type SavedRow = v.InferOutput<typeof savedRowSchema>;

let opening: Promise<IDBDatabase> | undefined;

function openSavedDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(SAVED_DB_NAME, SAVED_DB_VERSION);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(ITEMS, { keyPath: 'key' });
      store.createIndex('ownerId', 'ownerId');
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error(`cannot open ${SAVED_DB_NAME}`));
    };
  });
  return opening;
}

/** The owner's saved items, newest first; rows that fail the check are left out. */
export async function listSavedRows(ownerId: string): Promise<SavedRow[]> {
  const db = await openSavedDb();
  const rows = await inTransaction(db, [ITEMS], 'readonly', (tx) =>
    requestResult(tx.objectStore(ITEMS).index('ownerId').getAll(ownerId)),
  );
  return rows
    .flatMap((row: unknown) => {
      const checked = v.safeParse(savedRowSchema, row);
      return checked.success ? [checked.output] : [];
    })
    .sort((a, b) => b.savedAt - a.savedAt);
}

export async function putSavedRow(row: SavedRow): Promise<void> {
  const db = await openSavedDb();
  await inTransaction(db, [ITEMS], 'readwrite', (tx) => requestResult(tx.objectStore(ITEMS).put(row)));
}

/** Removes one item, answering the row that was there (its photos are the caller's to drop). */
export async function removeSavedRow(key: string): Promise<SavedRow | undefined> {
  const db = await openSavedDb();
  return inTransaction(db, [ITEMS], 'readwrite', async (tx) => {
    const store = tx.objectStore(ITEMS);
    const checked = v.safeParse(savedRowSchema, await requestResult(store.get(key)));
    await requestResult(store.delete(key));
    return checked.success ? checked.output : undefined;
  });
}

/** Sign-out: nothing of anyone's saved list stays on the phone. */
export async function clearSavedRows(): Promise<void> {
  const db = await openSavedDb();
  await inTransaction(db, [ITEMS], 'readwrite', (tx) => requestResult(tx.objectStore(ITEMS).clear()));
}

/** For tests: forget the open connection. */
export function closeSavedDb(): void {
  void opening?.then((db) => db.close());
  opening = undefined;
}

export function savedRowOf(
  kind: SavedKind,
  id: string,
  ownerId: string,
  record: unknown,
  photos: string[],
  savedAt: number,
): SavedRow {
  return { key: `${kind}:${id}`, kind, id, ownerId, savedAt, record, photos };
}
