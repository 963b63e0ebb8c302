import Dexie, { type Table } from 'dexie';
import { compareRentPosts, rentPostMatcher, type RentFilters } from '@/domain/filter-rent-posts';
import type { RentPost } from '@/domain/rent-post';
import type { SyncDelta } from '@/domain/sync-cursor';

/**
 * The rent posts mirror (decision 0004): IndexedDB database `basha-rent`, table `posts`, one row per live post
 * as `GET /rent/rent-posts` answers it, and table `meta` with the sync cursor and when the mirror was last
 * brought up to date. The list page reads only from here; the source module (../api/rent-posts-source.ts)
 * reconciles it with the server: the first sync replaces the table, later ones merge a delta (changed rows put
 * by id, deleted ids removed) in the same transaction that stores the new cursor, so the cursor never runs
 * ahead of the rows. A post made or deleted here is written through at once. Sorting walks an index;
 * filtering runs the shared domain predicate.
 */

export const RENT_DB_NAME = 'basha-rent';

/** Where the mirror stands: the cursor for the next delta and when the server last answered. */
export interface RentSyncState {
  key: 'sync';
  cursor: string;
  savedAt: number;
}

class RentDatabase extends Dexie {
  posts!: Table<RentPost, string>;
  meta!: Table<RentSyncState, string>;

  constructor(name = RENT_DB_NAME) {
    super(name);
    this.version(1).stores({ posts: '_id, createdAt, cost, rentStartDate, category, user' });
    this.version(2).stores({ meta: 'key' });
  }
}

const mirrorListeners = new Set<() => void>();

/** Hears every change the server brings into the mirror; answers the unsubscribe function. */
export function onRentMirrorChanged(listener: () => void): () => void {
  mirrorListeners.add(listener);
  return () => mirrorListeners.delete(listener);
}

let database: RentDatabase | undefined;

function rentDb(): RentDatabase {
  database ??= new RentDatabase();
  return database;
}

/**
 * Brings the mirror up to the server's answer: a full one (`since=0`) replaces every row, a delta puts the
 * changed rows and removes the deleted ids. The new cursor is stored in the same transaction.
 */
export async function applyRentDelta(delta: SyncDelta<RentPost>, options: { full: boolean; now: number }) {
  const db = rentDb();
  await db.transaction('rw', db.posts, db.meta, async () => {
    if (options.full) {
      await db.posts.clear();
    } else {
      await db.posts.bulkDelete(delta.deleted);
    }
    await db.posts.bulkPut(delta.changed);
    await db.meta.put({ key: 'sync', cursor: delta.cursor, savedAt: options.now });
  });
  mirrorListeners.forEach((listener) => listener());
}

export async function readRentSyncState(): Promise<RentSyncState | undefined> {
  return rentDb().meta.get('sync');
}

/** Forgets the cursor, so the next sync is a full one. */
export async function forgetRentCursor(): Promise<void> {
  await rentDb().meta.delete('sync');
}

/** Replaces the whole mirror with a complete list from the server, in one transaction. */
export async function replaceRentPosts(posts: readonly RentPost[]): Promise<void> {
  const db = rentDb();
  await db.transaction('rw', db.posts, async () => {
    const keep = new Set(posts.map((post) => post._id));
    const stale = (await db.posts.toCollection().primaryKeys()).filter((id) => !keep.has(id));
    await db.posts.bulkDelete(stale);
    await db.posts.bulkPut([...posts]);
  });
}

export async function putRentPost(post: RentPost): Promise<void> {
  await rentDb().posts.put(post);
}

export async function removeRentPost(id: string): Promise<void> {
  await rentDb().posts.delete(id);
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
}

/** The posts that pass the filters, walked in the sort key's index order, the first `limit` of them. */
export async function queryRentPosts(
  filters: RentFilters,
  selfId: string | undefined,
  limit: number,
): Promise<RentPage> {
  const ordered = rentDb().posts.orderBy(filters.sortBy);
  const walk = filters.sortOrder === 'desc' ? ordered.reverse() : ordered;
  const matches = await walk.filter(rentPostMatcher(filters, selfId)).toArray();
  // The index gives key order; the shared comparison settles ties exactly as the domain tests pin them.
  matches.sort(compareRentPosts(filters.sortBy, filters.sortOrder));
  return { posts: matches.slice(0, limit), total: matches.length };
}

/** For tests: forget the open connection (fake-indexeddb is reset between tests). */
export async function closeRentDb(): Promise<void> {
  database?.close();
  database = undefined;
}
