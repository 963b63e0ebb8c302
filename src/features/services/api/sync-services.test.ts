import 'fake-indexeddb/auto';
import { HTTPError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceRecord } from '@/domain/service';
import { makeService } from '@/domain/service.fixtures';
import { INVALID_SYNC_CURSOR_MESSAGE, type SyncDelta } from '@/domain/sync-cursor';
import { readServicesSavedAt, readServicesSyncMeta, servicesDb } from '../db/services-db';
import { syncServices } from './fetch-services';

const get = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({ api: { get } }));

/** The server answers the given deltas in turn; each call records the `since` it was asked with. */
function serverAnswers(...answers: (SyncDelta<ServiceRecord> | Error)[]) {
  const asked: string[] = [];
  get.mockImplementation((_path: string, options: { searchParams: { since: string } }) => {
    asked.push(options.searchParams.since);
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return {
      json: () =>
        answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ message: 'Services found', data: answer }),
    };
  });
  return asked;
}

function invalidCursor(): HTTPError {
  const response = new Response(JSON.stringify({ message: INVALID_SYNC_CURSOR_MESSAGE }), { status: 400 });
  const request = new Request('http://basha.test/api/v1/profession/find-services/all?since=x');
  return new HTTPError(response, request, {} as never);
}

const ids = async () => (await servicesDb.services.toArray()).map((service) => service._id).sort();

beforeEach(async () => {
  get.mockReset();
  await servicesDb.services.clear();
  await servicesDb.meta.clear();
});
afterEach(() => vi.useRealTimers());

describe('syncing the services mirror', () => {
  it('replaces everything the mirror held on the first, full sync, and stores the cursor and time', async () => {
    await servicesDb.services.put({ ...makeService('stale'), providerId: 'provider-stale' });
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
    expect((await servicesDb.services.get('b'))?.minimumPrice).toBe(2500);
    expect((await servicesDb.services.get('d'))?.providerId).toBe('provider-d');
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
      expect(await servicesDb.services.get('b')).toMatchObject({ minimumPrice: 1200, providerId: 'provider-b' });
    } finally {
      put.mockRestore();
    }
  });
});
