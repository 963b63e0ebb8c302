import Dexie, { type Table } from 'dexie';
import * as v from 'valibot';
import { SAVED_KINDS, type SavedKind } from '@/domain/saved';

/**
 * The phone's copy of the person's saved listings, in IndexedDB database `basha-saved` (shared infrastructure in
 * src/lib, decision 0004, since the rent and services features both save and the Saved page shows both): one row
 * per saved item with the whole record as it was when saved (or when the account's list last brought it), so the
 * Saved page opens in airplane mode. The photos are in Cache Storage (./saved-photos.ts). Rows carry their owner;
 * only the owner's are read, and when a session ends every row but the next person's leaves (src/lib/person-data.ts).
 * Rows are checked when read back: what sits in IndexedDB outlives the code that wrote it.
 * Through Dexie, as every IndexedDB database of the app (decision 0020); the hearts on the lists read it, and the
 * lists load Dexie for their mirrors anyway.
 */

export const SAVED_DB_NAME = 'basha-saved';

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
  /** Its listing was deleted or hidden (the account's list or its details page said so): no longer available. */
  gone: v.optional(v.boolean(), false),
});
export type SavedRow = v.InferOutput<typeof savedRowSchema>;

class SavedDatabase extends Dexie {
  /** Rows are unknown until checked: IndexedDB outlives the code that wrote them. */
  items!: Table<unknown, string>;

  constructor() {
    super(SAVED_DB_NAME);
    // IndexedDB version 10. The hand-written store before it was version 1 with this very store and index: Dexie
    // finds nothing to change and keeps every saved item, those whose toggle still waits in the outbox included.
    this.version(1).stores({ items: 'key, ownerId' });
  }
}

let database: SavedDatabase | undefined;

function savedDb(): SavedDatabase {
  database ??= new SavedDatabase();
  return database;
}

const checkedRow = (row: unknown): SavedRow | undefined => {
  const checked = v.safeParse(savedRowSchema, row);
  return checked.success ? checked.output : undefined;
};

/** The owner's saved items, newest first; rows that fail the check are left out. */
export async function listSavedRows(ownerId: string): Promise<SavedRow[]> {
  const rows = await savedDb().items.where('ownerId').equals(ownerId).toArray();
  return rows.flatMap((row) => checkedRow(row) ?? []).sort((a, b) => b.savedAt - a.savedAt);
}

export async function putSavedRow(row: SavedRow): Promise<void> {
  await savedDb().items.put(row);
}

/** Removes one item, answering the row that was there (its photos are the caller's to drop). */
export async function removeSavedRow(key: string): Promise<SavedRow | undefined> {
  const db = savedDb();
  return db.transaction('rw', db.items, async () => {
    const removed = checkedRow(await db.items.get(key));
    await db.items.delete(key);
    return removed;
  });
}

/**
 * Marks an item whose listing went away (the account's list or a details page answered so), if it is on the phone:
 * it stays on the Saved page, said to be no longer available, until the person removes it. Answers whether it was.
 */
export async function markSavedRowGone(key: string): Promise<boolean> {
  const db = savedDb();
  return db.transaction('rw', db.items, async () => {
    const row = checkedRow(await db.items.get(key));
    if (!row || row.gone) return false;
    await db.items.put({ ...row, gone: true });
    return true;
  });
}

/** Sign-out: nothing of anyone's saved list stays on the phone. */
export async function clearSavedRows(): Promise<void> {
  await savedDb().items.clear();
}

/** Another person signed in: every row but theirs leaves the phone, those that fail the check too. */
export async function removeSavedRowsExcept(ownerId: string): Promise<void> {
  await savedDb()
    .items.filter((row) => checkedRow(row)?.ownerId !== ownerId)
    .delete();
}

/** For tests: forget the open connection. */
export function closeSavedDb(): void {
  database?.close();
  database = undefined;
}

export function savedRowOf(
  kind: SavedKind,
  id: string,
  ownerId: string,
  record: unknown,
  photos: string[],
  savedAt: number,
): SavedRow {
  return { key: `${kind}:${id}`, kind, id, ownerId, savedAt, record, photos, gone: false };
}
