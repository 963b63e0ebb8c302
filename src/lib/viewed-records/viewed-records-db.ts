import Dexie, { type Table } from 'dexie';
import * as v from 'valibot';

/**
 * Copies of single records people have looked at (a profile, a rent ad's details), in IndexedDB database
 * `basha-viewed`, so that a page viewed once opens again offline. Lists are not kept here: they have their mirrors.
 *
 * A copy is what the server answered one viewer, so it is keyed by who read it and the API path that answered it
 * (`[viewer+path]`): the signed-in person's id, or VISITOR_VIEWER for a phone without a session (./viewer.ts). A page reads only
 * the copies of the person signed in now, so one person's copy (their own record with e-mail, phone, street, date of
 * birth and NID, or another's profile as a signed-in person sees it) is never shown to anyone else on a shared phone.
 * A person's copies also leave the phone when their session ends, however it ends (src/lib/person-data.ts). The
 * newest VIEWED_RECORDS_MAX copies are kept.
 */

export const VIEWED_DB_NAME = 'basha-viewed';
export const VIEWED_RECORDS_MAX = 300;

const viewedRecordSchema = v.object({
  /** A person's id, or VISITOR_VIEWER (./viewer.ts). */
  viewer: v.string(),
  path: v.string(),
  data: v.unknown(),
  /** Epoch ms. */
  savedAt: v.number(),
});
export type ViewedRecord = v.InferOutput<typeof viewedRecordSchema>;

class ViewedDatabase extends Dexie {
  /** Copies are unknown until checked: IndexedDB outlives the code that wrote them. */
  copies!: Table<unknown, [string, string]>;

  constructor() {
    super(VIEWED_DB_NAME);
    // Version 1 kept copies by path alone, whoever read them: they are dropped, not guessed an owner.
    this.version(1).stores({ records: 'path, savedAt' });
    this.version(2).stores({ records: null, copies: '[viewer+path], viewer, savedAt' });
  }
}

let database: ViewedDatabase | undefined;

function viewedDb(): ViewedDatabase {
  database ??= new ViewedDatabase();
  return database;
}

/** The copy `viewer` was answered at `path`, if it is on the phone. */
export async function getViewedRecord(viewer: string, path: string): Promise<ViewedRecord | undefined> {
  const checked = v.safeParse(viewedRecordSchema, await viewedDb().copies.get([viewer, path]));
  return checked.success && checked.output.viewer === viewer ? checked.output : undefined;
}

/**
 * Keeps `viewer`'s copy of `path`, unless `stillViewing` says (inside the transaction) that the session it was read
 * with has ended meanwhile: a copy read just before a sign-out must not land after the sign-out cleared the copies.
 */
export async function putViewedRecord(
  viewer: string,
  path: string,
  data: unknown,
  now: number,
  stillViewing: () => boolean = () => true,
): Promise<void> {
  const db = viewedDb();
  await db.transaction('rw', db.copies, async () => {
    if (!stillViewing()) return;
    await db.copies.put({ viewer, path, data, savedAt: now } satisfies ViewedRecord);
    const extra = (await db.copies.count()) - VIEWED_RECORDS_MAX;
    if (extra > 0) await db.copies.orderBy('savedAt').limit(extra).delete();
  });
}

export async function removeViewedRecord(viewer: string, path: string): Promise<void> {
  await viewedDb().copies.delete([viewer, path]);
}

/** Removes every copy whose viewer is not one of `kept` (the person signed in now, and visitors). */
export async function removeViewedRecordsExcept(kept: readonly string[]): Promise<void> {
  await viewedDb().copies.where('viewer').noneOf(kept).delete();
}

export async function clearViewedRecords(): Promise<void> {
  await viewedDb().copies.clear();
}

/** For tests: forget the open connection. */
export function closeViewedDb(): void {
  database?.close();
  database = undefined;
}
