import 'fake-indexeddb/auto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RENT_FILTERS, filterRentPosts, type RentFilters } from '@/domain/filter-rent-posts';
import { RENT_CATEGORIES } from '@/domain/rent-post';
import { makeRentPost } from '@/domain/rent-post.fixtures';
import { applyRentDelta } from '../api/rent-posts-source';
import { correctedPlaceSearch } from '@/ui/places/search-correction';
import { putRentPost, queryRentPosts, RENT_DB_NAME, rentMirror } from './rent-db';
import type * as SessionCookies from '@/lib/session-cookies';

// A signed-in person's phone, as before visitors could read (a visitor's sync: src/lib/mirror/create-mirror.test.ts).
vi.mock('@/lib/session-cookies', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionCookies>()),
  currentViewer: () => 'member',
}));

/**
 * queryRentPosts is the one question the route loader and the page ask: these tests hold its answers to the
 * shared rules of src/domain/filter-rent-posts.ts, whichever way it reads (walking an index for the list as it
 * opens, the rows in memory for a filter), and check that the list as it opens reads no other post.
 */

// Thirty posts on ten days: three share each createdAt, so ties are ordered as the mirror orders them.
const posts = Array.from({ length: 30 }, (_, i) =>
  makeRentPost({
    _id: `00000000-0000-4000-8000-${String((i * 7) % 30).padStart(12, '0')}`,
    user: i % 2 ? 'me' : 'someone',
    city: ['Dhaka', 'Chattogram', 'Sylhet'][i % 3],
    cost: 1000 + (i % 4) * 500,
    createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 10))).toISOString(),
    rentStartDate: `2030-0${1 + (i % 5)}-15`,
  }),
);

async function deleteMirror() {
  rentMirror.close();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(RENT_DB_NAME);
    request.onsuccess = request.onerror = resolve;
  });
}

afterEach(async () => {
  vi.restoreAllMocks();
  await deleteMirror();
});

const fill = () => applyRentDelta({ changed: posts, deleted: [], cursor: '1' }, { full: true, now: 1 });

/** What the shared rules answer for the first `limit` posts. */
function expected(filters: RentFilters, limit: number) {
  const matching = filterRentPosts(posts, filters, 'me');
  return { posts: matching.slice(0, limit), total: matching.length, all: posts.length };
}

describe('the rent list as it opens', () => {
  it('answers as the shared rules do, ties and count included', async () => {
    await fill();
    for (const limit of [1, 3, 12, 40]) {
      expect(await queryRentPosts(DEFAULT_RENT_FILTERS, 'me', limit), `limit ${limit}`).toEqual(
        expected(DEFAULT_RENT_FILTERS, limit),
      );
    }
  });

  it('reads only the posts it shows, for every order, while a filter reads them all once', async () => {
    await fill();
    rentMirror.close();
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    const readsOfEveryPost = () => getAll.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'posts');
    for (const sortBy of ['createdAt', 'cost', 'rentStartDate'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const filters = { ...DEFAULT_RENT_FILTERS, sortBy, sortOrder };
        expect(await queryRentPosts(filters, 'me', 12), `${sortBy} ${sortOrder}`).toEqual(expected(filters, 12));
      }
    }
    expect(readsOfEveryPost()).toHaveLength(0);

    // A filter reads every post once; the next filters and pages answer from memory until a post changes.
    await queryRentPosts({ ...DEFAULT_RENT_FILTERS, search: 'sylhet' }, 'me', 12);
    await queryRentPosts({ ...DEFAULT_RENT_FILTERS, search: 'sylhet' }, 'me', 24);
    await queryRentPosts({ ...DEFAULT_RENT_FILTERS, postedBy: 'you' }, 'me', 12);
    expect(readsOfEveryPost()).toHaveLength(1);
    await putRentPost({ ...posts[0]!, city: 'Sylhet' });
    const found = await queryRentPosts({ ...DEFAULT_RENT_FILTERS, search: 'sylhet' }, 'me', 40);
    expect(readsOfEveryPost()).toHaveLength(2);
    expect(found.posts.map((post) => post._id)).toContain(posts[0]!._id);
  });

  it('answers an empty mirror before the first sync, and the sync then fills the same database', async () => {
    expect(await queryRentPosts(DEFAULT_RENT_FILTERS, 'me', 12)).toEqual({ posts: [], total: 0, all: 0 });
    await applyRentDelta({ changed: posts.slice(0, 2), deleted: [], cursor: '1' }, { full: true, now: 1 });
    expect((await queryRentPosts(DEFAULT_RENT_FILTERS, 'me', 12)).total).toBe(2);
  });

  it('answers the same to a loader and a page asking at once, on a mirror just opened', async () => {
    await fill();
    rentMirror.close();
    const [loader, page] = await Promise.all([
      queryRentPosts(DEFAULT_RENT_FILTERS, 'me', 12),
      queryRentPosts(DEFAULT_RENT_FILTERS, 'me', 12),
    ]);
    expect(loader).toEqual(page);
    expect(loader).toEqual(expected(DEFAULT_RENT_FILTERS, 12));
  });
});

describe('a list opened again from its address', () => {
  const lists: Partial<RentFilters>[] = [
    {},
    { sortOrder: 'asc' },
    { search: 'sylhet' },
    { search: 'CHATTOGRAM', sortBy: 'cost', sortOrder: 'asc' },
    { postedBy: 'you', maxPrice: '1500' },
    { sortBy: 'rentStartDate' },
    { search: 'nowhere' },
  ];

  it('answers as the shared rules do, for the filters and the pages the entry had', async () => {
    await fill();
    for (const changes of lists) {
      const filters = { ...DEFAULT_RENT_FILTERS, ...changes };
      for (const limit of [12, 24]) {
        expect(await queryRentPosts(filters, 'me', limit), `${JSON.stringify(changes)} ${limit}`).toEqual(
          expected(filters, limit),
        );
      }
    }
  });
});

describe('the rent query over a wider list', () => {
  const many = Array.from({ length: 300 }, (_, i) =>
    makeRentPost({
      _id: `00000000-0000-4000-8000-${String((i * 7919) % 1000).padStart(12, '0')}`,
      user: i % 3 === 0 ? 'me' : `someone-${i % 5}`,
      category: RENT_CATEGORIES[i % RENT_CATEGORIES.length],
      cost: 1000 + ((i * 37) % 23) * 500,
      addressLine: i % 5 === 0 ? `Road ${i}, Gulshan` : i % 11 === 0 ? `Caf\u00e9 ${i}` : `House ${i}, Mirpur`,
      city: i % 4 === 0 ? 'Sylhet' : 'Dhaka',
      postalCode: i % 6 === 0 ? '1216' : '1205',
      details: i % 7 === 0 ? 'Near the lake, with a balcony and a generator' : 'Quiet, close to the market',
      createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 40))).toISOString(),
      rentStartDate: `2030-0${1 + (i % 9)}-15`,
    }),
  );
  const cases: [string, Partial<RentFilters>][] = [
    ['the default order', {}],
    ['price ascending within bounds', { sortBy: 'cost', sortOrder: 'asc', minPrice: '2000', maxPrice: '6000' }],
    ['rent start date, own posts', { sortBy: 'rentStartDate', postedBy: 'you' }],
    ['a search in the address and a category', { search: 'GULSHAN', category: 'flat', sortOrder: 'asc' }],
    ['a search in the details', { search: 'balcony' }],
    [
      "others' posts by price, with a bound that is not a number",
      { postedBy: 'others', sortBy: 'cost', minPrice: 'x' },
    ],
    ['nothing matches', { search: 'chattogram' }],
    ['a search for a city', { search: 'SYLHET' }],
    ['a search for a postal code', { search: '1216' }],
    ['a search typed decomposed (NFD)', { search: 'cafe\u0301' }],
  ];

  it.each(cases)('answers like the shared rules: %s', async (_label, changes) => {
    await applyRentDelta({ changed: many, deleted: [], cursor: '1' }, { full: true, now: 1 });
    const filters = { ...DEFAULT_RENT_FILTERS, ...changes };
    const page = await queryRentPosts(filters, 'me', many.length);
    expect(page.posts.map((post) => post._id)).toEqual(filterRentPosts(many, filters, 'me').map((post) => post._id));
  });
});

describe('the list as it opens, with Booked ads', () => {
  const withBooked = posts.map((post, i) => (i % 4 === 1 ? { ...post, status: 'Booked' as const } : post));

  it('steps over the Booked ads on its walk, counts the rest on the status index, and reads no other post', async () => {
    await applyRentDelta({ changed: withBooked, deleted: [], cursor: '1' }, { full: true, now: 1 });
    rentMirror.close();
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    for (const limit of [1, 12, 40]) {
      const page = await queryRentPosts(DEFAULT_RENT_FILTERS, 'me', limit);
      const matching = filterRentPosts(withBooked, DEFAULT_RENT_FILTERS, 'me');
      expect(page).toEqual({ posts: matching.slice(0, limit), total: matching.length, all: withBooked.length });
      expect(page.posts.some((post) => post.status === 'Booked')).toBe(false);
    }
    expect(getAll.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'posts')).toHaveLength(0);
    // The Booked ones, and all of them, answer by the same rules.
    for (const status of ['booked', 'all'] as const) {
      const filters = { ...DEFAULT_RENT_FILTERS, status };
      const matching = filterRentPosts(withBooked, filters, 'me');
      expect(await queryRentPosts(filters, 'me', 12)).toEqual({
        posts: matching.slice(0, 12),
        total: matching.length,
        all: withBooked.length,
      });
    }
  });
});

describe('a mirror an older app made', () => {
  /**
   * The database as an older app kept it: through Dexie (its version 3, IndexedDB's 30) with its filter index, or
   * through the hand-written factory (IndexedDB's 41) with the `status` index and its rows stamp.
   */
  async function olderMirror(version: 30 | 41) {
    const indexes =
      version === 30
        ? ['createdAt', 'cost', 'rentStartDate', 'category', 'user']
        : ['createdAt', 'cost', 'rentStartDate', 'status'];
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(RENT_DB_NAME, version);
      request.onupgradeneeded = () => {
        const db = request.result;
        const store = db.createObjectStore('posts', { keyPath: '_id' });
        for (const index of indexes) store.createIndex(index, index);
        db.createObjectStore('meta', { keyPath: 'key' });
        db.createObjectStore('fullSyncIds', { keyPath: '_id' });
      };
      request.onerror = () => reject(request.error ?? new Error('cannot open'));
      request.onsuccess = () => {
        const db = request.result;
        const transaction = db.transaction(['posts', 'meta'], 'readwrite');
        posts.forEach((post) => transaction.objectStore('posts').put(post));
        transaction.objectStore('posts').put({ _id: 'broken', cost: 'free' });
        transaction.objectStore('meta').put({ key: 'sync', cursor: '77', savedAt: 5 });
        if (version === 30) {
          transaction.objectStore('meta').put({ key: 'filter-index', version: 7, index: { ids: [] } });
          transaction.objectStore('meta').put({ key: 'filter-index-version', version: 7 });
        } else {
          transaction.objectStore('meta').put({ key: 'rows-version', version: 'old-stamp' });
        }
        transaction.oncomplete = () => {
          db.close();
          resolve();
        };
      };
    });
  }

  it("is upgraded in place from Dexie's version 30: posts and cursor kept, filter index dropped, broken row out", async () => {
    await olderMirror(30);
    const sylhet = { ...DEFAULT_RENT_FILTERS, search: 'sylhet' };
    expect(await queryRentPosts(sylhet, 'me', 12)).toEqual(expected(sylhet, 12));
    expect((await queryRentPosts(DEFAULT_RENT_FILTERS, 'me', 40)).posts).toEqual(
      expected(DEFAULT_RENT_FILTERS, 40).posts,
    );
    const meta = await rentMirror.write((writer) => writer.meta.toCollection().primaryKeys());
    expect(meta).toEqual(['sync']);
    expect(await rentMirror.readMeta('sync')).toEqual({ key: 'sync', cursor: '77', savedAt: 5 });
  });

  it("is upgraded in place from the hand-written factory's version 41: posts, cursor and status index kept", async () => {
    await olderMirror(41);
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    // The list as it opens still walks its index and counts the Booked ads on `status`: no post read besides.
    expect((await queryRentPosts(DEFAULT_RENT_FILTERS, 'me', 12)).posts).toEqual(
      expected(DEFAULT_RENT_FILTERS, 12).posts,
    );
    expect(getAll.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'posts')).toHaveLength(0);
    getAll.mockRestore();
    const sylhet = { ...DEFAULT_RENT_FILTERS, search: 'sylhet' };
    expect(await queryRentPosts(sylhet, 'me', 12)).toEqual(expected(sylhet, 12));
    expect(await rentMirror.readMeta('sync')).toEqual({ key: 'sync', cursor: '77', savedAt: 5 });
  });
});

describe('a search with a slip in a place name (issue 39)', () => {
  const mirpur = makeRentPost({
    _id: '00000000-0000-4000-8000-000000000099',
    addressLine: 'House 9, Road 2',
    place: {
      id: 'ar-mirpur',
      kind: 'area',
      name: 'Mirpur',
      bnName: 'মিরপুর',
      district: { id: 'ds-47', name: 'Dhaka', bnName: 'ঢাকা' },
      division: { id: 'dv-6', name: 'Dhaka', bnName: 'ঢাকা' },
    },
  });

  it('is answered for the name put right, and says so', async () => {
    await applyRentDelta({ changed: [...posts, mirpur], deleted: [], cursor: '1' }, { full: true, now: 1 });
    const page = await queryRentPosts({ ...DEFAULT_RENT_FILTERS, search: 'mirpor' }, 'me', 12, correctedPlaceSearch);
    expect(page.posts.map((post) => post._id)).toEqual([mirpur._id]);
    expect(page.correctedSearch).toBe('Mirpur');
    // Spelt right, nothing is put right.
    const spelt = await queryRentPosts({ ...DEFAULT_RENT_FILTERS, search: 'mirpur' }, 'me', 12, correctedPlaceSearch);
    expect(spelt.correctedSearch).toBe(undefined);
    // Without a corrector (the service worker, the own-ads panel), nothing is put right.
    const asTyped = await queryRentPosts({ ...DEFAULT_RENT_FILTERS, search: 'mirpor' }, 'me', 12);
    expect(asTyped.total).toBe(0);
  });

  it('finds nothing still when the name put right finds nothing either', async () => {
    await fill();
    const page = await queryRentPosts({ ...DEFAULT_RENT_FILTERS, search: 'mirpor' }, 'me', 12, correctedPlaceSearch);
    expect(page).toEqual({ posts: [], total: 0, all: posts.length });
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
