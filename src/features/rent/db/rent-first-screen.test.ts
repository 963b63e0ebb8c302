import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RENT_FILTERS, type RentFilters } from '@/domain/filter-rent-posts';
import { buildRentFilterIndex } from '@/domain/rent-filter-index';
import { makeRentPost } from '@/domain/rent-post.fixtures';
import { applyRentDelta, closeRentDb, queryRentPosts, RENT_DB_NAME } from './rent-db';
import { readRentFirstScreen, readRentListAhead } from './rent-first-screen';

// Thirty posts on ten days: three share each createdAt, so ties are ordered as the mirror orders them.
const posts = Array.from({ length: 30 }, (_, i) =>
  makeRentPost({
    _id: `00000000-0000-4000-8000-${String((i * 7) % 30).padStart(12, '0')}`,
    user: i % 2 ? 'me' : 'someone',
    city: ['Dhaka', 'Chattogram', 'Sylhet'][i % 3],
    cost: 1000 + (i % 4) * 500,
    createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 10))).toISOString(),
  }),
);

async function deleteMirror() {
  await closeRentDb();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(RENT_DB_NAME);
    request.onsuccess = request.onerror = resolve;
  });
}

afterEach(deleteMirror);

describe('the rent list read ahead without Dexie', () => {
  it('answers what the mirror answers for the list as it opens, ties and count included', async () => {
    await applyRentDelta({ changed: posts, deleted: [], cursor: '1' }, { full: true, now: 1 });
    for (const limit of [1, 3, 12, 40]) {
      const expected = await queryRentPosts(DEFAULT_RENT_FILTERS, 'me', limit);
      expect(await readRentFirstScreen(limit), `limit ${limit}`).toEqual(expected);
    }
  });

  it('answers nothing before the mirror exists, and does not create it', async () => {
    await deleteMirror();
    expect(await readRentFirstScreen(12)).toBeUndefined();
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).not.toContain(RENT_DB_NAME);
    // Dexie then creates the mirror as usual.
    await applyRentDelta({ changed: posts.slice(0, 2), deleted: [], cursor: '1' }, { full: true, now: 1 });
    expect((await readRentFirstScreen(12))?.total).toBe(2);
  });

  it('lets the mirror open while it reads, and after', async () => {
    await applyRentDelta({ changed: posts, deleted: [], cursor: '1' }, { full: true, now: 1 });
    await closeRentDb();
    const [first, page] = await Promise.all([readRentFirstScreen(12), queryRentPosts(DEFAULT_RENT_FILTERS, 'me', 12)]);
    expect(first).toEqual(page);
  });
});

describe('a list opened again from its address, read ahead without Dexie', () => {
  const lists: Partial<RentFilters>[] = [
    {},
    { sortOrder: 'asc' },
    { search: 'sylhet' },
    { search: 'CHATTOGRAM', sortBy: 'cost', sortOrder: 'asc' },
    { postedBy: 'you', maxPrice: '1500' },
    { sortBy: 'rentStartDate' },
    { search: 'nowhere' },
  ];

  it('answers what the mirror answers, for the filters and the pages the entry had', async () => {
    await applyRentDelta({ changed: posts, deleted: [], cursor: '1' }, { full: true, now: 1 });
    // A filtered query through Dexie stores the filter index, as the page's first filtered read does.
    await queryRentPosts({ ...DEFAULT_RENT_FILTERS, search: 'x' }, 'me', 1);
    for (const changes of lists) {
      const filters = { ...DEFAULT_RENT_FILTERS, ...changes };
      for (const limit of [12, 24]) {
        const expected = await queryRentPosts(filters, 'me', limit);
        expect(await readRentListAhead(filters, 'me', limit), `${JSON.stringify(changes)} ${limit}`).toEqual(expected);
      }
    }
  });

  it('leaves a filtered list to Dexie while the index is missing or in an older format', async () => {
    await applyRentDelta({ changed: posts, deleted: [], cursor: '1' }, { full: true, now: 1 });
    const sylhet = { ...DEFAULT_RENT_FILTERS, search: 'sylhet' };
    const db = new Dexie(RENT_DB_NAME);
    await db.open();
    await db.table('meta').delete('filter-index');
    expect(await readRentListAhead(sylhet, 'me', 12)).toBeUndefined();

    // An older app's index: its search text had no city. Dexie builds it again, and the city is found.
    const oldIndex = {
      ...buildRentFilterIndex(posts),
      searchText: posts.map((post) => post.addressLine.toLowerCase()),
    };
    await db.table('meta').bulkPut([
      { key: 'filter-index', version: 7, index: oldIndex },
      { key: 'filter-index-version', version: 7 },
    ]);
    db.close();
    await closeRentDb();
    expect(await readRentListAhead(sylhet, 'me', 12)).toBeUndefined();
    const found = await queryRentPosts(sylhet, 'me', 12);
    expect(found.total).toBe(10);
    expect(await readRentListAhead(sylhet, 'me', 12)).toEqual(found);
  });
});
