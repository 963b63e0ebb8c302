import Dexie, { type Table } from 'dexie';
import * as v from 'valibot';
import type { RentFilters } from '@/domain/filter-rent-posts';
import type { RentPost } from '@/domain/rent-post';
import {
  buildRentFilterIndex,
  queryRentFilterIndex,
  RENT_FILTER_INDEX_FORMAT,
  sameRentFilterEntry,
  selectsEveryRentPost,
  updateRentFilterIndex,
  type RentFilterIndex,
} from '@/domain/rent-filter-index';
import { SYNC_FROM_START, type SyncDelta } from '@/domain/sync-cursor';
import {
  isCurrentSyncRun,
  storedSyncPagesSchema,
  storedSyncStateSchema,
  type StoredSyncPages,
  type StoredSyncState,
  type SyncRequest,
} from '@/domain/sync-pages';
import { sameRecord } from '@/lib/keep-unchanged';
import { RENT_DB_NAME } from './rent-first-screen';

/**
 * The rent posts mirror (decision 0004): IndexedDB database `basha-rent`, table `posts`, one row per live post
 * as `GET /rent/rent-posts` answers it, and table `meta` with the sync cursor and when the mirror was last
 * brought up to date. The list page reads only from here; the source module (../api/rent-posts-source.ts)
 * reconciles it with the server, a page at a time (src/domain/sync-pages.ts): each page's changed rows are put
 * by id and its deleted ids removed, in the same transaction that stores where the sync stands, so the cursor
 * never runs ahead of the rows and an interrupted sync goes on where it stopped. A full sync also notes every id
 * it received (table `fullSyncIds`) and, with its last page, removes the posts it did not: until then the list
 * shows what it had, plus what came. A post made or deleted here is written through at once.
 *
 * Beside the posts, `meta` keeps a compact filter index (src/domain/rent-filter-index.ts), rewritten with a new
 * version number in the same transaction as every change to the posts that touches what it holds. A filtered or
 * re-sorted list reads that one record, not ten thousand posts; filters, sorts and pages run over it in memory,
 * and only the posts shown are read in full. Each such query checks the small version record, so a change made
 * by another tab is seen. The list as it first opens needs neither: see queryRentPosts.
 */

export { RENT_DB_NAME } from './rent-first-screen';

/** Where the mirror stands: the cursor for the next delta and when the server last answered. */
export type RentSyncState = StoredSyncState;

interface FilterIndexRecord {
  key: 'filter-index';
  version: number;
  /** RENT_FILTER_INDEX_FORMAT when written; absent in the records of apps from before it was introduced. */
  format?: number;
  index: RentFilterIndex;
}

/** The stored index record, when it is in the format this app reads; else undefined (built again). */
function currentFormat(record: FilterIndexRecord | undefined): FilterIndexRecord | undefined {
  return record?.format === RENT_FILTER_INDEX_FORMAT ? record : undefined;
}

interface FilterIndexVersion {
  key: 'filter-index-version';
  version: number;
}

type MetaRecord = RentSyncState | StoredSyncPages | FilterIndexRecord | FilterIndexVersion;

class RentDatabase extends Dexie {
  posts!: Table<RentPost, string>;
  meta!: Table<MetaRecord, string>;
  fullSyncIds!: Table<{ _id: string }, string>;

  constructor(name = RENT_DB_NAME) {
    super(name);
    this.version(1).stores({ posts: '_id, createdAt, cost, rentStartDate, category, user' });
    this.version(2).stores({ meta: 'key' });
    this.version(3).stores({ fullSyncIds: '_id' });
  }
}

/** What one page of a sync brought into the mirror. */
export interface RentMirrorChange {
  /** Posts were added, changed or removed; false when the server only confirmed what the mirror holds. */
  rowsChanged: boolean;
  /** When the mirror was last brought fully up to date (epoch ms on this device), if ever. */
  savedAt: number | undefined;
}

const mirrorListeners = new Set<(change: RentMirrorChange) => void>();

/** Hears every sync the server answers into the mirror; answers the unsubscribe function. */
export function onRentMirrorChanged(listener: (change: RentMirrorChange) => void): () => void {
  mirrorListeners.add(listener);
  return () => mirrorListeners.delete(listener);
}

let database: RentDatabase | undefined;

function rentDb(): RentDatabase {
  database ??= new RentDatabase();
  return database;
}

/**
 * Stores one page of a sync (src/domain/sync-pages.ts) with where the sync stands, in one transaction: changed
 * posts put, deleted ids removed, and with the last page of a full sync every post it did not send removed.
 * Answers false, storing nothing, when the page belongs to a sync the mirror no longer follows.
 */
export async function applyRentPage(page: SyncDelta<RentPost>, request: SyncRequest, now: number): Promise<boolean> {
  const db = rentDb();
  let change: RentMirrorChange | undefined;
  await db.transaction('rw', [db.posts, db.meta, db.fullSyncIds], async () => {
    if (!isCurrentSyncRun(request, await readSyncPages(db))) return;
    // Most pages change nothing the filters read: an empty delta, or the last minute's rows sent again (see
    // src/domain/sync-cursor.ts), or a full sync of what the mirror already holds. Rewriting the index of every
    // post for them would cost each start-up, and writing again rows stored as they are costs seconds after a
    // burst of changes (thousands of rows, sent again by every sync for a minute).
    const [before, removed] = await Promise.all([
      db.posts.bulkGet(page.changed.map((post) => post._id)),
      db.posts.bulkGet(page.deleted),
    ]);
    const changed = page.changed.filter((post, i) => !sameStoredPost(before[i], post));
    await db.posts.bulkDelete(page.deleted);
    await db.posts.bulkPut(changed);
    const stale = request.full ? await followFullSync(db, page, request) : [];
    const indexChanges =
      stale.length > 0 ||
      removed.some(Boolean) ||
      page.changed.some((post, i) => !before[i] || !sameRentFilterEntry(before[i], post));
    if (indexChanges) {
      await writeFilterIndex(db, (current) =>
        updateRentFilterIndex(current, page.changed, [...page.deleted, ...stale]),
      );
    }
    let savedAt = (await readRentSyncStateIn(db))?.savedAt;
    if (page.more) {
      await db.meta.put({ key: 'sync-pages', cursor: page.cursor, full: request.full });
    } else {
      savedAt = now;
      await db.meta.delete('sync-pages');
      await db.meta.put({ key: 'sync', cursor: page.cursor, savedAt });
    }
    change = { rowsChanged: changed.length > 0 || removed.some(Boolean) || stale.length > 0, savedAt };
  });
  if (!change) return false;
  const heard = change;
  mirrorListeners.forEach((listener) => listener(heard));
  return true;
}

/**
 * A full sync's bookkeeping for one page: the ids it sent are noted, and with its last page the posts it did not
 * send are removed (answered, so that the filter index drops them too).
 */
async function followFullSync(db: RentDatabase, page: SyncDelta<RentPost>, request: SyncRequest): Promise<string[]> {
  if (!request.continuing) await db.fullSyncIds.clear();
  const sent = page.changed.map((post) => ({ _id: post._id }));
  if (page.more) {
    await db.fullSyncIds.bulkPut(sent);
    return [];
  }
  const kept = new Set(sent.map((row) => row._id));
  if (request.continuing) (await db.fullSyncIds.toCollection().primaryKeys()).forEach((id) => kept.add(id));
  const stale = (await db.posts.toCollection().primaryKeys()).filter((id) => !kept.has(id));
  await db.posts.bulkDelete(stale);
  await db.fullSyncIds.clear();
  return stale;
}

/**
 * Brings the mirror up to a complete answer in one step, as one page that ends its sync: a full one replaces
 * every row, a delta puts the changed rows and removes the deleted ids.
 */
export async function applyRentDelta(
  delta: Omit<SyncDelta<RentPost>, 'more'>,
  options: { full: boolean; now: number },
): Promise<void> {
  const request = { since: options.full ? SYNC_FROM_START : delta.cursor, full: options.full, continuing: false };
  await applyRentPage({ ...delta, more: false }, request, options.now);
}

/** True when the mirror holds this very version of the post: the same row, sent again. */
function sameStoredPost(stored: RentPost | undefined, post: RentPost): boolean {
  // The cheap field first: after a burst of changes this runs over thousands of rows.
  return stored !== undefined && stored.updatedAt === post.updatedAt && sameRecord(stored, post);
}

export async function readRentSyncState(): Promise<RentSyncState | undefined> {
  return readRentSyncStateIn(rentDb());
}

/** The last complete sync and the sync between its pages, if any: where the next sync starts. */
export async function readRentSyncProgress(): Promise<{
  cursor: string | undefined;
  pages: StoredSyncPages | undefined;
}> {
  const db = rentDb();
  return db.transaction('r', db.meta, async () => ({
    cursor: (await readRentSyncStateIn(db))?.cursor,
    pages: await readSyncPages(db),
  }));
}

async function readRentSyncStateIn(db: RentDatabase): Promise<RentSyncState | undefined> {
  const stored = await db.meta.get('sync');
  return v.is(storedSyncStateSchema, stored) ? stored : undefined;
}

async function readSyncPages(db: RentDatabase): Promise<StoredSyncPages | undefined> {
  const stored = await db.meta.get('sync-pages');
  return v.is(storedSyncPagesSchema, stored) ? stored : undefined;
}

// ---- The filter index ----

let cachedIndex: { version: number; index: RentFilterIndex } | undefined;

/** Rewrites the index inside the caller's transaction (which must include `posts` and `meta`). */
async function writeFilterIndex(
  db: RentDatabase,
  next: (current: RentFilterIndex) => RentFilterIndex,
): Promise<FilterIndexRecord> {
  const current = await storedFilterIndex(db);
  const record: FilterIndexRecord = {
    key: 'filter-index',
    version: current.version + 1,
    format: RENT_FILTER_INDEX_FORMAT,
    index: next(current.index),
  };
  await db.meta.bulkPut([record, { key: 'filter-index-version', version: record.version }]);
  // Kept in memory only once stored: after a failed commit, another tab's index of the same version number
  // would otherwise pass for this one.
  Dexie.currentTransaction.on('complete', () => {
    cachedIndex = { version: record.version, index: record.index };
  });
  return record;
}

/**
 * The stored index: the copy in memory while its version is the stored one (the index is never changed in
 * place, so it is the same), else read from storage, or built from the posts the first time (a mirror from
 * before the index existed).
 */
async function storedFilterIndex(db: RentDatabase): Promise<{ version: number; index: RentFilterIndex }> {
  const version = ((await db.meta.get('filter-index-version')) as FilterIndexVersion | undefined)?.version;
  if (cachedIndex && version !== undefined && cachedIndex.version === version) return cachedIndex;
  const record = (await db.meta.get('filter-index')) as FilterIndexRecord | undefined;
  const stored = currentFormat(record);
  if (stored) return stored;
  // Built again from the posts, numbered after the stored record, so that a tab holding the old one in memory
  // sees a new version.
  return { version: record?.version ?? 0, index: buildRentFilterIndex(await db.posts.toArray()) };
}

/** The index for a query: the one in memory while its version is current, else read again. */
async function currentFilterIndex(db: RentDatabase): Promise<RentFilterIndex> {
  const version = ((await db.meta.get('filter-index-version')) as FilterIndexVersion | undefined)?.version;
  if (cachedIndex && version !== undefined && cachedIndex.version === version) return cachedIndex.index;
  const record = await db.transaction('rw', db.posts, db.meta, async () => {
    const stored = currentFormat((await db.meta.get('filter-index')) as FilterIndexRecord | undefined);
    return stored ?? writeFilterIndex(db, (index) => index);
  });
  cachedIndex = { version: record.version, index: record.index };
  return record.index;
}

/** Forgets the cursor (and any sync between its pages), so the next sync is a full one. */
export async function forgetRentCursor(): Promise<void> {
  await rentDb().meta.bulkDelete(['sync', 'sync-pages']);
}

/** Forgets the sync between its pages, so the next one starts again from the last complete cursor. */
export async function forgetRentSyncPages(): Promise<void> {
  const db = rentDb();
  await db.transaction('rw', db.meta, db.fullSyncIds, async () => {
    await db.meta.delete('sync-pages');
    await db.fullSyncIds.clear();
  });
}

/** Replaces the whole mirror with a complete list from the server, in one transaction. */
export async function replaceRentPosts(posts: readonly RentPost[]): Promise<void> {
  const db = rentDb();
  await db.transaction('rw', db.posts, db.meta, async () => {
    const keep = new Set(posts.map((post) => post._id));
    const stale = (await db.posts.toCollection().primaryKeys()).filter((id) => !keep.has(id));
    await db.posts.bulkDelete(stale);
    await db.posts.bulkPut([...posts]);
    await writeFilterIndex(db, () => buildRentFilterIndex(posts));
  });
}

/**
 * Stores one post as the server answered it (its detail page was opened, say). The index is rewritten only
 * when the post is new or something the filters read has changed: usually nothing has.
 */
export async function putRentPost(post: RentPost): Promise<void> {
  const db = rentDb();
  await db.transaction('rw', db.posts, db.meta, async () => {
    const stored = await db.posts.get(post._id);
    await db.posts.put(post);
    if (stored && sameRentFilterEntry(stored, post)) return;
    await writeFilterIndex(db, (index) => updateRentFilterIndex(index, [post], []));
  });
}

export async function removeRentPost(id: string): Promise<void> {
  const db = rentDb();
  await db.transaction('rw', db.posts, db.meta, async () => {
    // A post the mirror never held is not in the index either.
    if (!(await db.posts.get(id))) return;
    await db.posts.delete(id);
    await writeFilterIndex(db, (index) => updateRentFilterIndex(index, [], [id]));
  });
}

export async function getRentPost(id: string): Promise<RentPost | undefined> {
  return rentDb().posts.get(id);
}

export async function countRentPosts(): Promise<number> {
  return rentDb().posts.count();
}

export interface RentPage {
  /** The first `limit` matching posts, in order. */
  posts: RentPost[];
  /** How many posts match the filters in all. */
  total: number;
  /** How many posts the mirror holds, whatever the filters: none at all is another empty list than none found. */
  all: number;
}

let lastQuery: { key: string; index: RentFilterIndex; ids: string[] } | undefined;

/** The posts that pass the filters, in order, the first `limit` of them, and how many match in all. */
export async function queryRentPosts(
  filters: RentFilters,
  selfId: string | undefined,
  limit: number,
): Promise<RentPage> {
  const db = rentDb();
  if (selectsEveryRentPost(filters) && filters.sortBy === 'createdAt') {
    // The list as it first opens (newest first, nothing filtered) comes straight from the posts' createdAt index,
    // so the first screen does not wait for the whole filter index to be read. Ties fall back to the id, in the
    // same direction, as the filter index orders them.
    return db.transaction('r', db.posts, async () => {
      const byDate = db.posts.orderBy('createdAt');
      const [posts, total] = await Promise.all([
        (filters.sortOrder === 'desc' ? byDate.reverse() : byDate).limit(limit).toArray(),
        db.posts.count(),
      ]);
      return { posts, total, all: total };
    });
  }
  const index = await currentFilterIndex(db);
  // The next page asks the same question with a larger limit: the answer is kept while the index stands.
  const key = JSON.stringify([filters, selfId ?? null]);
  if (!lastQuery || lastQuery.key !== key || lastQuery.index !== index) {
    lastQuery = { key, index, ids: queryRentFilterIndex(index, filters, selfId) };
  }
  const ids = lastQuery.ids;
  const posts = await db.posts.bulkGet(ids.slice(0, limit));
  return {
    posts: posts.filter((post): post is RentPost => post !== undefined),
    total: ids.length,
    all: index.ids.length,
  };
}

/** For tests: forget the open connection (fake-indexeddb is reset between tests). */
export async function closeRentDb(): Promise<void> {
  database?.close();
  database = undefined;
  cachedIndex = undefined;
  lastQuery = undefined;
}
