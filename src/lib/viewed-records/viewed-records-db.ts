import Dexie, { type EntityTable } from 'dexie';

/**
 * Copies of single records people have looked at (a profile, a rent ad's details), in IndexedDB database
 * `basha-viewed`, keyed by the API path that answered them, so that a page viewed once opens again offline.
 * Lists are not kept here: they have their mirrors. The newest VIEWED_RECORDS_MAX are kept; sign-out clears
 * them all, so the next person on a shared phone does not see them.
 */

export const VIEWED_DB_NAME = 'basha-viewed';
export const VIEWED_RECORDS_MAX = 300;

export interface ViewedRecord {
  path: string;
  data: unknown;
  savedAt: number;
}

class ViewedDatabase extends Dexie {
  records!: EntityTable<ViewedRecord, 'path'>;

  constructor() {
    super(VIEWED_DB_NAME);
    this.version(1).stores({ records: 'path, savedAt' });
  }
}

let database: ViewedDatabase | undefined;

function viewedDb(): ViewedDatabase {
  database ??= new ViewedDatabase();
  return database;
}

export async function getViewedRecord(path: string): Promise<ViewedRecord | undefined> {
  return viewedDb().records.get(path);
}

export async function putViewedRecord(path: string, data: unknown, now: number): Promise<void> {
  const db = viewedDb();
  await db.transaction('rw', db.records, async () => {
    await db.records.put({ path, data, savedAt: now });
    const extra = (await db.records.count()) - VIEWED_RECORDS_MAX;
    if (extra > 0) await db.records.orderBy('savedAt').limit(extra).delete();
  });
}

export async function removeViewedRecord(path: string): Promise<void> {
  await viewedDb().records.delete(path);
}

export async function clearViewedRecords(): Promise<void> {
  await viewedDb().records.clear();
}

/** For tests: forget the open connection. */
export function closeViewedDb(): void {
  database?.close();
  database = undefined;
}
