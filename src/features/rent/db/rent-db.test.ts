import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RENT_FILTERS, filterRentPosts, type RentFilters } from '@/domain/filter-rent-posts';
import { RENT_CATEGORIES } from '@/domain/rent-post';
import { makeRentPost } from '@/domain/rent-post.fixtures';
import {
  applyRentDelta,
  closeRentDb,
  countRentPosts,
  getRentPost,
  onRentMirrorChanged,
  queryRentPosts,
  readRentSyncState,
  removeRentPost,
  replaceRentPosts,
} from './rent-db';

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

beforeAll(() => replaceRentPosts(posts));
afterAll(() => closeRentDb());

describe('the rent posts mirror', () => {
  it.each<[string, Partial<RentFilters>]>([
    ['the default order', {}],
    ['price ascending within bounds', { sortBy: 'cost', sortOrder: 'asc', minPrice: '2000', maxPrice: '4000' }],
    ['rent start date, own posts', { sortBy: 'rentStartDate', postedBy: 'you' }],
    ['a search and a category', { search: 'gulshan', category: 'flat', sortOrder: 'asc' }],
    ["others' posts by price", { postedBy: 'others', sortBy: 'cost' }],
  ])('filters, sorts and pages like the shared rules: %s', async (_label, changes) => {
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
    let changes = 0;
    const stop = onRentMirrorChanged(() => (changes += 1));
    await applyRentDelta({ changed: posts.slice(0, 10), deleted: [], cursor: '1000' }, { full: true, now: 5 });
    expect(await countRentPosts()).toBe(10);
    expect(await readRentSyncState()).toEqual({ key: 'sync', cursor: '1000', savedAt: 5 });

    const edited = { ...posts[1]!, cost: 99_999 };
    const delta = { changed: [edited, posts[20]!], deleted: [posts[2]!._id, 'never-mirrored'], cursor: '2000' };
    await applyRentDelta(delta, { full: false, now: 9 });

    expect(await countRentPosts()).toBe(10);
    expect((await getRentPost(posts[1]!._id))?.cost).toBe(99_999);
    expect(await getRentPost(posts[2]!._id)).toBeUndefined();
    expect(await getRentPost(posts[20]!._id)).toBeDefined();
    expect(await readRentSyncState()).toMatchObject({ cursor: '2000', savedAt: 9 });
    // The filter index moved with the rows, and is read back from storage after a restart.
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
    expect(changes).toBe(3);
    stop();
    await replaceRentPosts(posts);
  });
});
