import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RENT_FILTERS } from '@/domain/filter-rent-posts';
import { makeRentPost } from '@/domain/rent-post.fixtures';
import { applyRentDelta, closeRentDb, queryRentPosts, RENT_DB_NAME } from './rent-db';
import { readRentFirstScreen } from './rent-first-screen';

// Thirty posts on ten days: three share each createdAt, so ties are ordered as the mirror orders them.
const posts = Array.from({ length: 30 }, (_, i) =>
  makeRentPost({
    _id: `00000000-0000-4000-8000-${String((i * 7) % 30).padStart(12, '0')}`,
    user: i % 2 ? 'me' : 'someone',
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
