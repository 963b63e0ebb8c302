import type { RentPost } from '@/domain/rent-post';
import { readExistingDatabase, requestResult } from '@/lib/read-existing-idb';

/**
 * The rent list's first screen as it opens (newest first, nothing filtered), read from the mirror without
 * Dexie (see src/lib/read-existing-idb.ts): the route loader reads it while Dexie still loads. The answer is
 * the one `queryRentPosts(DEFAULT_RENT_FILTERS, …)` in rent-db.ts gives: the posts' createdAt index walked
 * backwards (ties by id, backwards too) and the count of every post. The store names are rent-db.ts's.
 */

export const RENT_DB_NAME = 'basha-rent';

export interface RentFirstScreen {
  posts: RentPost[];
  total: number;
}

/** The newest `limit` posts and how many the mirror holds; undefined before the mirror exists. */
export function readRentFirstScreen(limit: number): Promise<RentFirstScreen | undefined> {
  return readExistingDatabase(RENT_DB_NAME, ['posts'], async (transaction) => {
    const posts = transaction.objectStore('posts');
    const [newest, total] = await Promise.all([
      newestPosts(posts.index('createdAt'), limit),
      requestResult(posts.count()),
    ]);
    return { posts: newest, total };
  });
}

function newestPosts(byCreatedAt: IDBIndex, limit: number): Promise<RentPost[]> {
  return new Promise((resolve, reject) => {
    const found: RentPost[] = [];
    if (limit <= 0) return resolve(found);
    const request = byCreatedAt.openCursor(null, 'prev');
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(found);
      found.push(cursor.value as RentPost);
      if (found.length >= limit) return resolve(found);
      cursor.continue();
    };
    request.onerror = () => reject(request.error ?? new Error('cannot read the newest rent posts'));
  });
}
