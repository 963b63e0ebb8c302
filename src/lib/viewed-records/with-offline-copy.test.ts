// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, writeSession } from '../session-cookies';
import Dexie from 'dexie';
import {
  clearViewedRecords,
  closeViewedDb,
  getViewedRecord,
  putViewedRecord,
  VIEWED_DB_NAME,
  VIEWED_RECORDS_MAX,
} from './viewed-records-db';
import { VISITOR_VIEWER } from './viewer';
import { withOfflineCopy } from './with-offline-copy';

const AYESHA = '11111111-1111-4111-8111-111111111111';
const KARIM = '22222222-2222-4222-8222-222222222222';
const answer = (status: number) =>
  new HTTPError(new Response('{}', { status }), new Request('http://basha.test/x'), {} as NormalizedOptions);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(async () => {
  await clearViewedRecords();
  clearSession();
});

describe('records viewed once open again offline', () => {
  it('answers the copy from the last visit when the network fails', async () => {
    writeSession(AYESHA, 'token-a');
    expect(await withOfflineCopy('user/find-info/1', async () => ({ name: 'Ayesha' }))).toEqual({ name: 'Ayesha' });
    await settle();
    await expect(withOfflineCopy('user/find-info/1', offline)).resolves.toEqual({ name: 'Ayesha' });
  });

  it('throws when offline and nothing was saved, and forgets a record the server says is gone', async () => {
    await expect(withOfflineCopy('rent/view-details/9', offline)).rejects.toThrow(TypeError);
    await putViewedRecord(VISITOR_VIEWER, 'rent/view-details/9', { id: 9 }, 1);
    await expect(withOfflineCopy('rent/view-details/9', () => Promise.reject(answer(404)))).rejects.toBeInstanceOf(
      HTTPError,
    );
    await settle();
    expect(await getViewedRecord(VISITOR_VIEWER, 'rent/view-details/9')).toBeUndefined();
  });

  it('keeps only the newest records', async () => {
    for (let i = 0; i <= VIEWED_RECORDS_MAX; i += 1) await putViewedRecord(KARIM, `r/${i}`, i, i);
    expect(await getViewedRecord(KARIM, 'r/0')).toBeUndefined();
    expect(await getViewedRecord(KARIM, `r/${VIEWED_RECORDS_MAX}`)).toMatchObject({ data: VIEWED_RECORDS_MAX });
  });
});

describe('a copy belongs to the person who was answered it', () => {
  const ownRecord = { _id: AYESHA, email: 'ayesha@example.com', nid: '1990123456789', phoneNumber: '+8801712345678' };
  const path = `user/find-info/${AYESHA}`;

  it('is never answered to another person or a visitor on the same phone', async () => {
    writeSession(AYESHA, 'token-a');
    await withOfflineCopy(path, async () => ownRecord);

    writeSession(KARIM, 'token-k');
    await expect(withOfflineCopy(path, offline)).rejects.toThrow(TypeError);
    clearSession();
    await expect(withOfflineCopy(path, offline)).rejects.toThrow(TypeError);

    writeSession(AYESHA, 'token-a2');
    await expect(withOfflineCopy(path, offline)).resolves.toEqual(ownRecord);
  });

  it('is not kept when the session it was read in ends before it is stored', async () => {
    writeSession(AYESHA, 'token-a');
    await withOfflineCopy(path, async () => {
      clearSession(); // signed out while the answer was on its way
      return ownRecord;
    });
    writeSession(AYESHA, 'token-a2');
    expect(await getViewedRecord(AYESHA, path)).toBeUndefined();
    expect(await getViewedRecord(VISITOR_VIEWER, path)).toBeUndefined();
  });

  it('copies kept by an older app, by path alone and whoever read them, are dropped', async () => {
    closeViewedDb();
    await Dexie.delete(VIEWED_DB_NAME);
    const older = new Dexie(VIEWED_DB_NAME);
    older.version(1).stores({ records: 'path, savedAt' });
    await older.table('records').put({ path, data: ownRecord, savedAt: 1 });
    older.close();

    writeSession(AYESHA, 'token-a');
    await expect(withOfflineCopy(path, offline)).rejects.toThrow(TypeError);
    const reopened = await new Dexie(VIEWED_DB_NAME).open();
    expect(reopened.tables.map((table) => table.name)).toEqual(['copies']);
    reopened.close();
  });
});
