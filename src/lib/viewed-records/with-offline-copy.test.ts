import 'fake-indexeddb/auto';
import { HTTPError, type NormalizedOptions } from 'ky';
import { describe, expect, it } from 'vitest';
import { clearViewedRecords, getViewedRecord, putViewedRecord, VIEWED_RECORDS_MAX } from './viewed-records-db';
import { withOfflineCopy } from './with-offline-copy';

const answer = (status: number) =>
  new HTTPError(new Response('{}', { status }), new Request('http://basha.test/x'), {} as NormalizedOptions);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('records viewed once open again offline', () => {
  it('answers the copy from the last visit when the network fails', async () => {
    await clearViewedRecords();
    expect(await withOfflineCopy('user/find-info/1', async () => ({ name: 'Ayesha' }))).toEqual({ name: 'Ayesha' });
    await settle();
    const offline = withOfflineCopy('user/find-info/1', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline).resolves.toEqual({ name: 'Ayesha' });
  });

  it('throws when offline and nothing was saved, and forgets a record the server says is gone', async () => {
    await clearViewedRecords();
    await expect(withOfflineCopy('rent/view-details/9', () => Promise.reject(new TypeError('x')))).rejects.toThrow(
      TypeError,
    );
    await putViewedRecord('rent/view-details/9', { id: 9 }, 1);
    await expect(withOfflineCopy('rent/view-details/9', () => Promise.reject(answer(404)))).rejects.toBeInstanceOf(
      HTTPError,
    );
    await settle();
    expect(await getViewedRecord('rent/view-details/9')).toBeUndefined();
  });

  it('keeps only the newest records', async () => {
    await clearViewedRecords();
    for (let i = 0; i <= VIEWED_RECORDS_MAX; i += 1) await putViewedRecord(`r/${i}`, i, i);
    expect(await getViewedRecord('r/0')).toBeUndefined();
    expect(await getViewedRecord(`r/${VIEWED_RECORDS_MAX}`)).toMatchObject({ data: VIEWED_RECORDS_MAX });
  });
});
