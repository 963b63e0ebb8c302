import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RENT_FILTERS } from '@/domain/filter-rent-posts';
import type { RentPost } from '@/domain/rent-post';
import { makeRentPost } from '@/domain/rent-post.fixtures';
import type { SyncDelta } from '@/domain/sync-cursor';
import { getRentPost, queryRentPosts, rentMirror } from '../db/rent-db';
import { readRentSyncState, syncRentPosts } from './rent-posts-source';
import type * as SessionCookies from '@/lib/session-cookies';

// A signed-in person's phone, as before visitors could read (a visitor's sync: src/lib/mirror/create-mirror.test.ts).
vi.mock('@/lib/session-cookies', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionCookies>()),
  currentViewer: () => 'member',
}));

const get = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({ api: { get } }));

/** The server answers one page that ends its sync; each call records the `since` it was asked with. */
function serverAnswers(page: Omit<SyncDelta<RentPost>, 'more'>) {
  const asked: string[] = [];
  get.mockImplementationOnce((_path: string, options: { searchParams: { since: string } }) => {
    asked.push(options.searchParams.since);
    return { json: () => Promise.resolve({ success: true, message: 'Rent posts', data: { more: false, ...page } }) };
  });
  return asked;
}

const posts = Array.from({ length: 30 }, (_, i) =>
  makeRentPost({
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    cost: 5000 + i * 100,
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  }),
);

afterAll(() => rentMirror.close());

describe('the rent mirror after an owner’s edit, Booked and a moderator’s hiding', () => {
  it('asks only for what changed since its cursor, and puts the two rows and drops the hidden one', async () => {
    const first = serverAnswers({ changed: posts, deleted: [], cursor: '1000' });
    await syncRentPosts();
    expect(first).toEqual(['0']);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const rowsWritten = () => put.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'posts').length;

    const edited = { ...posts[3]!, cost: 99_999, updatedAt: '2026-03-01T10:00:00.000Z' };
    const booked = { ...posts[4]!, status: 'Booked' as const, updatedAt: '2026-03-01T10:00:01.000Z' };
    const hidden = posts[5]!._id;
    // The overlap repeats an older row as the mirror holds it: it is not written again.
    const asked = serverAnswers({ changed: [posts[2]!, edited, booked], deleted: [hidden], cursor: '2000' });
    try {
      await syncRentPosts();
      expect(asked).toEqual(['1000']);
      expect(rowsWritten()).toBe(2);
    } finally {
      put.mockRestore();
    }

    expect(await getRentPost(edited._id)).toEqual(edited);
    expect(await getRentPost(booked._id)).toEqual(booked);
    expect(await getRentPost(hidden)).toBeUndefined();
    expect(await readRentSyncState()).toMatchObject({ cursor: '2000' });
    // The list as it opens: the edit shown, the Booked ad left out, the hidden one gone, the rest as they were.
    const opened = await queryRentPosts(DEFAULT_RENT_FILTERS, undefined, posts.length);
    expect(opened.total).toBe(posts.length - 2);
    expect(opened.posts.find((post) => post._id === edited._id)?.cost).toBe(99_999);
    expect(opened.posts.map((post) => post._id)).not.toContain(booked._id);
    expect(opened.posts.map((post) => post._id)).not.toContain(hidden);
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
