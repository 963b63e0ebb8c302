import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RENT_FILTERS, filterRentPosts, type RentFilters } from '@/domain/filter-rent-posts';
import { RENT_CATEGORIES, type RentPost } from '@/domain/rent-post';
import { makeRentPost } from '@/domain/rent-post.fixtures';
import type { MirrorChange as RentMirrorChange } from '@/lib/mirror/create-mirror';
import { applyRentDelta, applyRentPage, readRentSyncProgress, readRentSyncState } from '../api/rent-posts-source';
import {
  countRentPosts,
  getRentPost,
  onRentMirrorChanged,
  queryRentPosts,
  putRentPost,
  removeRentPost,
  rentMirror,
} from './rent-db';
import type * as SessionCookies from '@/lib/session-cookies';

// A signed-in person's phone, as before visitors could read (a visitor's sync: src/lib/mirror/create-mirror.test.ts).
vi.mock('@/lib/session-cookies', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionCookies>()),
  currentViewer: () => 'member',
}));

/** The server's complete list, as the mirror's rows. */
const replaceRentPosts = (list: readonly RentPost[]) => rentMirror.replaceWhere(() => true, list);
/** A reload: the connection and what is kept in memory are gone. */
const closeRentDb = () => rentMirror.close();

const posts = Array.from({ length: 40 }, (_, i) =>
  makeRentPost({
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    user: i % 3 === 0 ? 'me' : `someone-${i % 4}`,
    category: RENT_CATEGORIES[i % RENT_CATEGORIES.length],
    cost: 1000 + ((i * 37) % 11) * 500,
    addressLine: i % 5 === 0 ? `Road ${i}, Gulshan` : `House ${i}, Mirpur`,
    createdAt: new Date(Date.UTC(2026, 0, 1 + ((i * 7) % 30))).toISOString(),
    rentStartDate: `2030-0${1 + (i % 9)}-15`,
  }),
);

const queryCases: [string, Partial<RentFilters>][] = [
  ['the default order', {}],
  ['price ascending within bounds', { sortBy: 'cost', sortOrder: 'asc', minPrice: '2000', maxPrice: '4000' }],
  ['rent start date, own posts', { sortBy: 'rentStartDate', postedBy: 'you' }],
  ['a search and a category', { search: 'gulshan', category: 'flat', sortOrder: 'asc' }],
  ["others' posts by price", { postedBy: 'others', sortBy: 'cost' }],
  ['a search for another area', { search: 'banani' }],
];

/** Every query case answers as the shared rules do over `expected`, all of it on one page. */
async function expectQueriesOver(expected: readonly RentPost[]): Promise<void> {
  for (const [label, changes] of queryCases) {
    const filters = { ...DEFAULT_RENT_FILTERS, ...changes };
    const matching = filterRentPosts(expected, filters, 'me').map((post) => post._id);
    const page = await queryRentPosts(filters, 'me', posts.length + 1);
    expect(
      page.posts.map((post) => post._id),
      label,
    ).toEqual(matching);
    expect(page.total, label).toBe(matching.length);
  }
}

/**
 * The number that moves with every change to the rows, as stored: while it stands, a query answers from the rows
 * it holds in memory instead of reading every post again.
 */
async function storedRowsVersion(): Promise<string | undefined> {
  const record = await rentMirror.readMeta('rows-version');
  return typeof record === 'object' && record !== null && 'version' in record && typeof record.version === 'string'
    ? record.version
    : undefined;
}

beforeAll(() => replaceRentPosts(posts));
afterAll(() => closeRentDb());

describe('the rent posts mirror', () => {
  it.each(queryCases)('filters, sorts and pages like the shared rules: %s', async (_label, changes) => {
    const filters = { ...DEFAULT_RENT_FILTERS, ...changes };
    const expected = filterRentPosts(posts, filters, 'me');
    const page = await queryRentPosts(filters, 'me', 12);
    expect(page.total).toBe(expected.length);
    expect(page.posts.map((post) => post._id)).toEqual(expected.slice(0, 12).map((post) => post._id));
  });

  it('drops posts the server no longer lists when the full list is replaced', async () => {
    await replaceRentPosts(posts.slice(0, 30));
    expect(await countRentPosts()).toBe(30);
    expect(await getRentPost(posts[35]!._id)).toBeUndefined();
    await removeRentPost(posts[0]!._id);
    expect(await countRentPosts()).toBe(29);
    await replaceRentPosts(posts);
  });

  it('a full sync replaces everything; a delta puts changed posts, removes deleted ids and moves the cursor', async () => {
    const changes: RentMirrorChange[] = [];
    const stop = onRentMirrorChanged((change) => changes.push(change));
    await applyRentDelta({ changed: posts.slice(0, 10), deleted: [], cursor: '1000' }, { full: true, now: 5 });
    expect(await countRentPosts()).toBe(10);
    expect(await readRentSyncState()).toEqual({ key: 'sync', cursor: '1000', savedAt: 5, viewer: 'member' });

    const edited = { ...posts[1]!, cost: 99_999 };
    const delta = { changed: [edited, posts[20]!], deleted: [posts[2]!._id, 'never-mirrored'], cursor: '2000' };
    await applyRentDelta(delta, { full: false, now: 9 });

    expect(await countRentPosts()).toBe(10);
    expect((await getRentPost(posts[1]!._id))?.cost).toBe(99_999);
    expect(await getRentPost(posts[2]!._id)).toBeUndefined();
    expect(await getRentPost(posts[20]!._id)).toBeDefined();
    expect(await readRentSyncState()).toMatchObject({ cursor: '2000', savedAt: 9 });
    // The rows kept in memory moved with the rows, and are read back from storage after a restart.
    const byPrice = { ...DEFAULT_RENT_FILTERS, sortBy: 'cost' as const };
    expect((await queryRentPosts(byPrice, 'me', 1)).posts.map((post) => post._id)).toEqual([edited._id]);
    await closeRentDb();
    const reopened = await queryRentPosts(byPrice, 'me', 12);
    expect(reopened.total).toBe(10);
    expect(reopened.posts[0]?._id).toBe(edited._id);
    expect(reopened.posts.map((post) => post._id)).not.toContain(posts[2]!._id);
    // A repeated delta (the overlap window sends the last minute again) changes nothing more.
    await applyRentDelta(delta, { full: false, now: 10 });
    expect(await countRentPosts()).toBe(10);
    // Every sync is heard (its time is shown), but the repeat says no post changed: the page reads nothing again.
    expect(changes).toEqual([
      { rowsChanged: true, savedAt: 5 },
      { rowsChanged: true, savedAt: 9 },
      { rowsChanged: false, savedAt: 10 },
    ]);
    stop();
    await replaceRentPosts(posts);
  });

  it('moves the rows version once for a changed post, and not for the same post again or an unknown id', async () => {
    const before = await storedRowsVersion();
    expect(before).toBeDefined();
    const viewed = { ...posts[3]!, status: 'Booked' as const, updatedAt: '2026-05-01T00:00:00.000Z' };

    await putRentPost(viewed);
    const after = await storedRowsVersion();
    expect(after).not.toBe(before);
    await putRentPost(viewed);
    await removeRentPost('never-mirrored');

    expect(await storedRowsVersion()).toBe(after);
    expect(await getRentPost(viewed._id)).toEqual(viewed);
    // The page still shows the post as it is now (with the Booked ads, which the list as it opens leaves out).
    const page = await queryRentPosts({ ...DEFAULT_RENT_FILTERS, status: 'all' }, 'me', posts.length);
    expect(page.posts.find((post) => post._id === viewed._id)).toEqual(viewed);
    // Every list answers over the posts as the mirror now holds them (the Booked one leaves the list as it opens).
    await expectQueriesOver(posts.map((post) => (post._id === viewed._id ? viewed : post)));
    await replaceRentPosts(posts);
  });

  it('leaves the rows version as it is for a delta that changes nothing', async () => {
    await applyRentDelta({ changed: posts, deleted: [], cursor: '100' }, { full: true, now: 1 });
    const repeated = { ...posts[7]!, status: 'Booked' as const };
    await applyRentDelta({ changed: [repeated], deleted: [], cursor: '150' }, { full: false, now: 1 });
    const before = await storedRowsVersion();

    await applyRentDelta({ changed: [], deleted: [], cursor: '200' }, { full: false, now: 2 });
    await applyRentDelta(
      { changed: [posts[2]!, repeated], deleted: ['never-mirrored'], cursor: '300' },
      { full: false, now: 3 },
    );

    expect(await storedRowsVersion()).toBe(before);
    expect(await readRentSyncState()).toEqual({ key: 'sync', cursor: '300', savedAt: 3, viewer: 'member' });
    expect(await getRentPost(repeated._id)).toEqual(repeated);

    // A delta with one real change does rewrite it.
    const cheaper = { ...posts[9]!, cost: 500 };
    await applyRentDelta({ changed: [posts[2]!, cheaper], deleted: [], cursor: '400' }, { full: false, now: 4 });
    expect(await storedRowsVersion()).not.toBe(before);
    await expectQueriesOver(
      posts.map((post) => (post._id === cheaper._id ? cheaper : post._id === repeated._id ? repeated : post)),
    );
    await replaceRentPosts(posts);
  });

  it('does not write again the rows a delta repeats as they are stored', async () => {
    await applyRentDelta({ changed: posts, deleted: [], cursor: '100' }, { full: true, now: 1 });
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const rewritten = () => put.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'posts').length;
    const edited = { ...posts[3]!, status: 'Booked' as const, updatedAt: '2031-01-01T00:00:00.000Z' };
    try {
      await applyRentDelta({ changed: posts.slice(0, 6), deleted: [], cursor: '200' }, { full: false, now: 2 });
      expect(rewritten()).toBe(0);
      await applyRentDelta(
        { changed: [...posts.slice(0, 3), edited, ...posts.slice(4, 6)], deleted: [], cursor: '300' },
        { full: false, now: 3 },
      );
      expect(rewritten()).toBe(1);
    } finally {
      put.mockRestore();
    }
    expect(await getRentPost(edited._id)).toEqual(edited);
    expect(await readRentSyncState()).toEqual({ key: 'sync', cursor: '300', savedAt: 3, viewer: 'member' });
    await replaceRentPosts(posts);
  });

  it.each<[string, Partial<RentPost>]>([
    ['price', { cost: 99_999 }],
    ['category', { category: 'shopping-mall' }],
    ['poster', { user: 'me' }],
    ['address', { addressLine: 'Flat 1, Banani' }],
    ['rent start date', { rentStartDate: '2029-01-01' }],
  ])('follows a post whose %s changed, and a new post', async (_label, changes) => {
    const before = await storedRowsVersion();
    const edited = { ...posts[4]!, ...changes };
    const added = makeRentPost({ _id: 'ffffffff-0000-4000-8000-000000000000', cost: 2500, user: 'someone-1' });

    await putRentPost(edited);
    const between = await storedRowsVersion();
    await putRentPost(added);

    expect(new Set([before, between, await storedRowsVersion()]).size).toBe(3);
    const expected = [...posts.slice(0, 4), edited, ...posts.slice(5), added];
    await expectQueriesOver(expected);
    await closeRentDb();
    await expectQueriesOver(expected);
    await replaceRentPosts(posts);
  });

  it('drops a removed post from every query', async () => {
    await expectQueriesOver(posts);
    await removeRentPost(posts[5]!._id);
    const expected = posts.filter((_, i) => i !== 5);
    await expectQueriesOver(expected);
    await closeRentDb();
    await expectQueriesOver(expected);
    await replaceRentPosts(posts);
  });

  it('follows a full sync over pages: the list keeps what it had until the last page, then holds what was sent', async () => {
    await applyRentDelta({ changed: posts, deleted: [], cursor: '100' }, { full: true, now: 1 });
    const changes: RentMirrorChange[] = [];
    const stop = onRentMirrorChanged((change) => changes.push(change));
    const cheaper = { ...posts[1]!, cost: 500 };
    const added = makeRentPost({ _id: 'ffffffff-0000-4000-8000-000000000001', cost: 2500, user: 'someone-2' });
    const first = { since: '0', full: true, continuing: false };

    expect(
      await applyRentPage({ changed: [posts[0]!, cheaper], deleted: [], cursor: 'p1.f.one', more: true }, first, 2),
    ).toBe(true);
    // Between pages: nothing taken away yet, the changes already shown, the old cursor kept.
    expect(await countRentPosts()).toBe(posts.length);
    expect((await getRentPost(cheaper._id))?.cost).toBe(500);
    expect(await readRentSyncProgress()).toEqual({
      cursor: '100',
      pages: { key: 'sync-pages', cursor: 'p1.f.one', full: true, viewer: 'member' },
    });

    // A reload here loses nothing: the next page continues from the stored page cursor.
    await closeRentDb();
    const second = { since: 'p1.f.one', full: true, continuing: true };
    const rest = [posts[2]!, ...posts.slice(4, 20), added];
    const last = { changed: rest, deleted: [posts[3]!._id], cursor: '900', more: false };
    expect(await applyRentPage(last, second, 3)).toBe(true);

    const expected = [posts[0]!, cheaper, ...rest];
    expect(await countRentPosts()).toBe(expected.length);
    expect(await readRentSyncProgress()).toEqual({ cursor: '900', pages: undefined });
    expect(await readRentSyncState()).toEqual({ key: 'sync', cursor: '900', savedAt: 3, viewer: 'member' });
    await expectQueriesOver(expected);
    expect(changes).toEqual([
      { rowsChanged: true, savedAt: 1 },
      { rowsChanged: true, savedAt: 3 },
    ]);
    stop();
    await replaceRentPosts(posts);
  });

  it('drops a page of a sync that is no longer the one in progress', async () => {
    await applyRentDelta({ changed: posts, deleted: [], cursor: '100' }, { full: true, now: 1 });
    const delta = { since: '100', full: false, continuing: false };
    expect(await applyRentPage({ changed: [], deleted: [], cursor: 'p1.d.mine', more: true }, delta, 2)).toBe(true);

    // Another tab asked with the same page cursor first and stored the page after it.
    const continuing = { since: 'p1.d.mine', full: false, continuing: true };
    expect(await applyRentPage({ changed: [], deleted: [], cursor: 'p1.d.next', more: true }, continuing, 3)).toBe(
      true,
    );
    const late = { changed: [], deleted: [posts[0]!._id], cursor: '200', more: false };
    expect(await applyRentPage(late, continuing, 4)).toBe(false);
    // And a new sync does not start over one in progress.
    expect(await applyRentPage(late, delta, 4)).toBe(false);

    expect(await getRentPost(posts[0]!._id)).toBeDefined();
    expect(await readRentSyncProgress()).toEqual({
      cursor: '100',
      pages: { key: 'sync-pages', cursor: 'p1.d.next', full: false, viewer: 'member' },
    });
    const next = { since: 'p1.d.next', full: false, continuing: true };
    expect(await applyRentPage(late, next, 5)).toBe(true);
    expect(await getRentPost(posts[0]!._id)).toBeUndefined();
    expect(await readRentSyncProgress()).toEqual({ cursor: '200', pages: undefined });
    await replaceRentPosts(posts);
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
