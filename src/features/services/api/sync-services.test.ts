import 'fake-indexeddb/auto';
import { HTTPError } from 'ky';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceRecord } from '@/domain/service';
import { makeService } from '@/domain/service.fixtures';
import { INVALID_SYNC_CURSOR_MESSAGE, type SyncDelta } from '@/domain/sync-cursor';
import type { MirrorMetaRecord } from '@/lib/mirror/create-mirror';
import type * as SessionCookies from '@/lib/session-cookies';
import { getService, putService, queryServices, servicesMirror } from '../db/services-db';
import {
  readServicesSavedAt,
  readServicesSyncState as readServicesSyncMeta,
  readServicesSyncProgress,
  syncServices,
} from './fetch-services';

const get = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({ api: { get } }));
// A signed-in person's phone, whose mirror goes on from what earlier versions stored (visitors: mirror-sync's tests).
vi.mock('@/lib/session-cookies', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionCookies>()),
  currentViewer: () => 'member',
}));

type Answer = Omit<SyncDelta<ServiceRecord>, 'more'> & { more?: boolean };

/**
 * The server answers the given pages (a page without `more` ends its sync) in turn, or fails with the given
 * error; a function runs first (another tab, say) and answers in its place. Each call records its `since`.
 */
function serverAnswers(...answers: (Answer | Error | (() => Promise<Answer>))[]) {
  const asked: string[] = [];
  get.mockImplementation((_path: string, options: { searchParams: { since: string } }) => {
    asked.push(options.searchParams.since);
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    const data = async () => (typeof answer === 'function' ? answer() : answer);
    return {
      json: () =>
        answer instanceof Error
          ? Promise.reject(answer)
          : data().then((page) => ({ message: 'Services found', data: { more: false, ...page } })),
    };
  });
  return asked;
}

function invalidCursor(): HTTPError {
  const response = new Response(JSON.stringify({ message: INVALID_SYNC_CURSOR_MESSAGE }), { status: 400 });
  const request = new Request('http://basha.test/api/v1/profession/find-services/all?since=x');
  return new HTTPError(response, request, {} as never);
}

const ids = async () => (await queryServices({ category: 'all' })).map((service) => service._id).sort();
const fullSyncIdsCount = () => servicesMirror.write((writer) => writer.fullSyncIds.count());
const putMeta = (record: MirrorMetaRecord) => servicesMirror.write((writer) => writer.meta.put(record));

beforeEach(async () => {
  get.mockReset();
  await servicesMirror.write(async (writer) => {
    await Promise.all([writer.rows.clear(), writer.meta.clear(), writer.fullSyncIds.clear()]);
    writer.rowsChanged();
  });
});
afterEach(() => vi.useRealTimers());

describe('syncing the services mirror', () => {
  it('replaces everything the mirror held on the first, full sync, and stores the cursor and time', async () => {
    await putService(makeService('stale'));
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z'), toFake: ['Date'] });
    const asked = serverAnswers({ changed: [makeService('a'), makeService('b')], deleted: [], cursor: '1000' });

    await syncServices();

    expect(asked).toEqual(['0']);
    expect(await ids()).toEqual(['a', 'b']);
    expect(await readServicesSyncMeta()).toMatchObject({ cursor: '1000' });
    expect(await readServicesSavedAt()).toBe(Date.parse('2026-03-01T10:00:00Z'));
  });

  it('merges changed services and removes deleted ids on a delta from the stored cursor', async () => {
    serverAnswers({ changed: [makeService('a'), makeService('b'), makeService('c')], deleted: [], cursor: '1000' });
    await syncServices();
    const asked = serverAnswers({
      changed: [makeService('b', { minimumPrice: 2500 }), makeService('d')],
      deleted: ['c', 'never-seen'],
      cursor: '2000',
    });

    await syncServices();

    expect(asked).toEqual(['1000']);
    expect(await ids()).toEqual(['a', 'b', 'd']);
    expect((await getService('b'))?.minimumPrice).toBe(2500);
    expect((await getService('d'))?.provider._id).toBe('provider-d');
    expect((await readServicesSyncMeta())?.cursor).toBe('2000');
  });

  it('forgets a cursor the server refuses and syncs in full', async () => {
    serverAnswers({ changed: [makeService('a'), makeService('b')], deleted: [], cursor: '1000' });
    await syncServices();
    const asked = serverAnswers(invalidCursor(), { changed: [makeService('b')], deleted: [], cursor: '3000' });

    await syncServices();

    expect(asked).toEqual(['1000', '0']);
    expect(await ids()).toEqual(['b']);
    expect((await readServicesSyncMeta())?.cursor).toBe('3000');
  });

  it('keeps the mirror and its cursor as they were when the network fails', async () => {
    serverAnswers({ changed: [makeService('a')], deleted: [], cursor: '1000' });
    await syncServices();
    serverAnswers(new TypeError('Failed to fetch'));

    await expect(syncServices()).rejects.toThrow(TypeError);

    expect(await ids()).toEqual(['a']);
    expect((await readServicesSyncMeta())?.cursor).toBe('1000');
  });

  it('shares one request between calls made while a sync runs', async () => {
    const asked = serverAnswers({ changed: [makeService('a')], deleted: [], cursor: '1000' });

    await Promise.all([syncServices(), syncServices(), syncServices()]);

    expect(asked).toEqual(['0']);
    expect(await ids()).toEqual(['a']);
  });

  it('does not write again the services a delta repeats as they are stored', async () => {
    serverAnswers({ changed: [makeService('a'), makeService('b'), makeService('c')], deleted: [], cursor: '1000' });
    await syncServices();
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const written = () => put.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'services').length;
    try {
      serverAnswers({ changed: [makeService('a'), makeService('b')], deleted: [], cursor: '2000' });
      await syncServices();
      expect(written()).toBe(0);
      expect((await readServicesSyncMeta())?.cursor).toBe('2000');

      const reviewed = makeService('b', { updatedAt: '2026-02-01T00:00:00.000Z', minimumPrice: 1200 });
      serverAnswers({ changed: [makeService('a'), reviewed], deleted: [], cursor: '3000' });
      await syncServices();
      expect(written()).toBe(1);
      expect(await getService('b')).toMatchObject({ minimumPrice: 1200, provider: { _id: 'provider-b' } });
    } finally {
      put.mockRestore();
    }
  });

  it('follows the pages of a full sync, keeping what the mirror had until the last page is in', async () => {
    await putService(makeService('stale'));
    const asked = serverAnswers(
      { changed: [makeService('a'), makeService('b')], deleted: [], cursor: 'p1.f.page-1', more: true },
      async () => {
        // Between the pages the list still shows everything it had, and what has come.
        expect(await ids()).toEqual(['a', 'b', 'stale']);
        return { changed: [makeService('c')], deleted: ['b'], cursor: '3000' };
      },
    );

    await syncServices();

    expect(asked).toEqual(['0', 'p1.f.page-1']);
    expect(await ids()).toEqual(['a', 'c']);
    expect(await readServicesSyncProgress()).toEqual({ cursor: '3000', pages: undefined });
    expect(await fullSyncIdsCount()).toBe(0);
  });

  it('goes on after an interruption between pages, then asks what changed since', async () => {
    await putService(makeService('stale'));
    serverAnswers(
      { changed: [makeService('a')], deleted: [], cursor: 'p1.f.page-1', more: true },
      new TypeError('Failed to fetch'),
    );
    await expect(syncServices()).rejects.toThrow(TypeError);
    expect(await ids()).toEqual(['a', 'stale']);
    expect(await readServicesSyncProgress()).toEqual({
      cursor: undefined,
      pages: { key: 'sync-pages', cursor: 'p1.f.page-1', full: true, viewer: 'member' },
    });

    const asked = serverAnswers(
      { changed: [makeService('b')], deleted: [], cursor: '3000' },
      { changed: [makeService('d')], deleted: [], cursor: '9000' },
    );
    await syncServices();

    expect(asked).toEqual(['p1.f.page-1', '3000']);
    expect(await ids()).toEqual(['a', 'b', 'd']);
    expect((await readServicesSyncMeta())?.cursor).toBe('9000');
  });

  it('pages a delta, putting and dropping as each page comes', async () => {
    serverAnswers({ changed: [makeService('a'), makeService('b'), makeService('c')], deleted: [], cursor: '1000' });
    await syncServices();
    const asked = serverAnswers(
      { changed: [makeService('d')], deleted: ['a'], cursor: 'p1.d.page-1', more: true },
      { changed: [makeService('e')], deleted: ['b'], cursor: '2000' },
    );

    await syncServices();

    expect(asked).toEqual(['1000', 'p1.d.page-1']);
    expect(await ids()).toEqual(['c', 'd', 'e']);
    expect((await readServicesSyncMeta())?.cursor).toBe('2000');
  });

  it('drops a page of a sync that another tab has moved on, and leaves that sync to it', async () => {
    const other = { key: 'sync-pages' as const, cursor: 'p1.f.other-tab', full: true };
    const asked = serverAnswers(
      { changed: [makeService('a')], deleted: [], cursor: 'p1.f.page-1', more: true },
      async () => {
        await putMeta(other);
        return { changed: [makeService('b')], deleted: [], cursor: '3000' };
      },
    );

    await syncServices();

    expect(asked).toEqual(['0', 'p1.f.page-1']);
    expect(await ids()).toEqual(['a']);
    expect(await readServicesSyncProgress()).toEqual({ cursor: undefined, pages: other });
  });

  it('starts again from the last complete cursor when the server refuses a page cursor', async () => {
    serverAnswers({ changed: [makeService('a')], deleted: [], cursor: '1000' });
    await syncServices();
    await putMeta({ key: 'sync-pages', cursor: 'p1.d.from-an-old-version', full: false });
    const asked = serverAnswers(invalidCursor(), { changed: [makeService('b')], deleted: [], cursor: '2000' });

    await syncServices();

    expect(asked).toEqual(['p1.d.from-an-old-version', '1000']);
    expect(await ids()).toEqual(['a', 'b']);
    expect(await readServicesSyncProgress()).toEqual({ cursor: '2000', pages: undefined });
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
