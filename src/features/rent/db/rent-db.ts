import Dexie, { type Table } from 'dexie';
import { compareRentPosts, rentPostMatcher, type RentFilters } from '@/domain/filter-rent-posts';
import type { RentPost } from '@/domain/rent-post';

/**
 * The rent posts mirror (decision 0004): IndexedDB database `basha-rent`, table `posts`, one row per live post
 * as `GET /rent/rent-posts` answers it. The list page reads only from here; the source module
 * (../api/rent-posts-source.ts) reconciles it with the server: a full fetch replaces the table, a post made or
 * deleted here is written through at once. Sorting walks an index; filtering runs the shared domain predicate.
 */

export const RENT_DB_NAME = 'basha-rent';

class RentDatabase extends Dexie {
  posts!: Table<RentPost, string>;

  constructor(name = RENT_DB_NAME) {
    super(name);
    this.version(1).stores({ posts: '_id, createdAt, cost, rentStartDate, category, user' });
  }
}

let database: RentDatabase | undefined;

function rentDb(): RentDatabase {
  database ??= new RentDatabase();
  return database;
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
