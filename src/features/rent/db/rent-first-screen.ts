import type { RentFilters } from '@/domain/filter-rent-posts';
import type { RentPost } from '@/domain/rent-post';
import {
  queryRentFilterIndex,
  RENT_FILTER_INDEX_FORMAT,
  selectsEveryRentPost,
  type RentFilterIndex,
} from '@/domain/rent-filter-index';
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
  /** Every post the mirror holds (RentPage.all in rent-db.ts). */
  all: number;
}

/** The newest `limit` posts and how many the mirror holds; undefined before the mirror exists. */
export function readRentFirstScreen(limit: number): Promise<RentFirstScreen | undefined> {
  return readExistingDatabase(RENT_DB_NAME, ['posts'], async (transaction) => {
    const posts = transaction.objectStore('posts');
    const [newest, total] = await Promise.all([
      newestPosts(posts.index('createdAt'), limit),
      requestResult(posts.count()),
    ]);
    return { posts: newest, total, all: total };
  });
}

/**
 * The list as a URL names it (its filters, sort and search) and as far as it had been scrolled (`limit`), for
 * Back, Forward and a reload: the answer `queryRentPosts(filters, selfId, limit)` gives, so the page renders
 * whole with its rows and React Router can put the scroll position back at once. The list as it first opens
 * reads the posts' createdAt index, like readRentFirstScreen; any other reads the filter index rent-db.ts
 * keeps in `meta` (undefined while there is none in this app's format: the page then reads through Dexie, which
 * builds it).
 */
export function readRentListAhead(
  filters: RentFilters,
  selfId: string | undefined,
  limit: number,
): Promise<RentFirstScreen | undefined> {
  if (selectsEveryRentPost(filters) && filters.sortBy === 'createdAt') {
    return readExistingDatabase(RENT_DB_NAME, ['posts'], async (transaction) => {
      const posts = transaction.objectStore('posts');
      const [first, total] = await Promise.all([
        postsByDate(posts.index('createdAt'), limit, filters.sortOrder === 'desc' ? 'prev' : 'next'),
        requestResult(posts.count()),
      ]);
      return { posts: first, total, all: total };
    });
  }
  return readExistingDatabase(RENT_DB_NAME, ['posts', 'meta'], async (transaction) => {
    const record = (await requestResult(transaction.objectStore('meta').get('filter-index'))) as
      { format?: number; index: RentFilterIndex } | undefined;
    if (record?.format !== RENT_FILTER_INDEX_FORMAT) return undefined;
    const ids = queryRentFilterIndex(record.index, filters, selfId);
    const store = transaction.objectStore('posts');
    const found = await Promise.all(
      ids.slice(0, limit).map((id) => requestResult(store.get(id) as IDBRequest<RentPost | undefined>)),
    );
    return {
      posts: found.filter((post): post is RentPost => post !== undefined),
      total: ids.length,
      all: record.index.ids.length,
    };
  });
}

function newestPosts(byCreatedAt: IDBIndex, limit: number): Promise<RentPost[]> {
  return postsByDate(byCreatedAt, limit, 'prev');
}

function postsByDate(byCreatedAt: IDBIndex, limit: number, direction: 'prev' | 'next'): Promise<RentPost[]> {
  return new Promise((resolve, reject) => {
    const found: RentPost[] = [];
    if (limit <= 0) return resolve(found);
    const request = byCreatedAt.openCursor(null, direction);
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
