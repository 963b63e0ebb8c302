import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOutboxDb, isOutboxItemOf, listOutboxItems, OUTBOX_DB_NAME } from '../outbox/outbox-db';
import { resetOutboxProcessor } from '../outbox/outbox-processor';
import { keepSavedItemsOnlyOf } from './clear-saved';
import {
  clearSavedRows,
  closeSavedDb,
  listSavedRows,
  markSavedRowGone,
  putSavedRow,
  removeSavedRow,
  SAVED_DB_NAME,
  savedRowOf,
} from './saved-db';
import * as savedState from './saved-state';
import { toggleSaved } from './toggle-saved';

const OWNER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ad = (id: string) => ({
  _id: id,
  category: 'flat',
  cost: 12000,
  rentPaymentFrequency: 'monthly',
  addressLine: 'Road 1',
  city: 'Dhaka',
  imageUrls: [`/uploads/rent/${id}.webp`],
  thumbnailUrls: [],
});

async function rawPut(row: unknown): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('basha-saved');
    open.onsuccess = () => {
      const transaction = open.result.transaction('items', 'readwrite');
      transaction.objectStore('items').put(row);
      transaction.oncomplete = () => {
        // Left open, the connection would hold up the next upgrade or deletion of the database.
        open.result.close();
        resolve();
      };
      transaction.onerror = () => reject(transaction.error);
    };
  });
}

async function rawCount(): Promise<number> {
  const db = await new Dexie(SAVED_DB_NAME).open();
  try {
    return await db.table('items').count();
  } finally {
    db.close();
  }
}

beforeEach(async () => {
  await clearSavedRows();
  closeOutboxDb();
  await Dexie.delete(OUTBOX_DB_NAME);
});
afterEach(() => {
  resetOutboxProcessor();
  vi.unstubAllGlobals();
});

describe('the phone’s saved items', () => {
  it('lists one owner’s items newest first, leaving out other owners’ and rows that fail the check', async () => {
    await putSavedRow(savedRowOf('rent', 'a', OWNER, ad('a'), ['/uploads/rent/a.webp'], 1000));
    await putSavedRow(savedRowOf('service', 's', OWNER, { _id: 's' }, [], 3000));
    await putSavedRow(savedRowOf('rent', 'b', OTHER, ad('b'), [], 2000));
    await rawPut({ key: 'rent:broken', kind: 'rent', id: 'broken', ownerId: OWNER, savedAt: 'yesterday' });

    const rows = await listSavedRows(OWNER);
    expect(rows.map((row) => row.key)).toEqual(['service:s', 'rent:a']);
    expect(rows[1]).toMatchObject({ record: ad('a'), photos: ['/uploads/rent/a.webp'] });
  });

  it('removes one item and answers it (its photos are then dropped), and sign-out clears them all', async () => {
    await putSavedRow(savedRowOf('rent', 'a', OWNER, ad('a'), ['/uploads/rent/a.webp'], 1000));
    await putSavedRow(savedRowOf('rent', 'b', OTHER, ad('b'), [], 2000));
    expect(await removeSavedRow('rent:a')).toMatchObject({ photos: ['/uploads/rent/a.webp'] });
    expect(await removeSavedRow('rent:a')).toBeUndefined();
    await keepSavedItemsOnlyOf(undefined);
    expect(await listSavedRows(OTHER)).toEqual([]);
  });

  it('marks an item whose listing went away once, keeping it on the list, and finds nothing to mark for others', async () => {
    await putSavedRow(savedRowOf('rent', 'a', OWNER, ad('a'), ['/uploads/rent/a.webp'], 1000));
    expect(await markSavedRowGone('rent:a')).toBe(true);
    expect(await markSavedRowGone('rent:a')).toBe(false);
    expect(await markSavedRowGone('rent:never-saved')).toBe(false);
    expect(await listSavedRows(OWNER)).toEqual([
      { ...savedRowOf('rent', 'a', OWNER, ad('a'), ['/uploads/rent/a.webp'], 1000), gone: true },
    ]);
  });

  it('reads rows kept before items could be gone as available', async () => {
    await rawPut({
      key: 'rent:old',
      kind: 'rent',
      id: 'old',
      ownerId: OWNER,
      savedAt: 1,
      record: ad('old'),
      photos: [],
    });
    expect(await listSavedRows(OWNER)).toMatchObject([{ key: 'rent:old', gone: false }]);
  });

  it('another person signing in keeps only their rows, and drops the unreadable ones', async () => {
    await putSavedRow(savedRowOf('rent', 'a', OWNER, ad('a'), [], 1000));
    await putSavedRow(savedRowOf('rent', 'b', OTHER, ad('b'), [], 2000));
    await rawPut({ key: 'rent:broken', kind: 'rent', id: 'broken', ownerId: OTHER, savedAt: 'yesterday' });
    await keepSavedItemsOnlyOf(OTHER);
    expect(await listSavedRows(OWNER)).toEqual([]);
    expect((await listSavedRows(OTHER)).map((row) => row.key)).toEqual(['rent:b']);
    expect(await rawCount()).toBe(1);
  });
});

describe('the saved items a phone kept before Dexie', () => {
  /** `basha-saved` as the hand-written store made it: IndexedDB version 1, store `items` by `key`, index `ownerId`. */
  async function handWrittenStore(rows: unknown[]): Promise<void> {
    closeSavedDb();
    await Dexie.delete(SAVED_DB_NAME);
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(SAVED_DB_NAME, 1);
      open.onupgradeneeded = () =>
        open.result.createObjectStore('items', { keyPath: 'key' }).createIndex('ownerId', 'ownerId');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const transaction = open.result.transaction('items', 'readwrite');
        rows.forEach((row) => transaction.objectStore('items').put(row));
        transaction.oncomplete = () => {
          open.result.close();
          resolve();
        };
      };
    });
  }

  it('are all still there, an item saved offline whose toggle waits in the outbox included', async () => {
    const offline = savedRowOf('rent', 'a', OWNER, ad('a'), ['/uploads/rent/a.webp'], 2000);
    const synced = savedRowOf('service', 's', OWNER, { _id: 's' }, [], 1000);
    await handWrittenStore([offline, synced, savedRowOf('rent', 'b', OTHER, ad('b'), [], 3000)]);

    expect(await listSavedRows(OWNER)).toEqual([offline, synced]);
    expect((await listSavedRows(OTHER)).map((row) => row.key)).toEqual(['rent:b']);
    // And the store goes on as before.
    expect(await removeSavedRow('rent:a')).toEqual(offline);
    expect(await listSavedRows(OWNER)).toEqual([synced]);
  });
});

describe('toggling a heart offline', () => {
  it('changes the phone at once and leaves one toggle per item in the outbox: the last state chosen', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const input = { kind: 'rent' as const, id: 'a', ownerId: OWNER, record: ad('a'), label: 'Flat, Dhaka' };

    expect(await toggleSaved({ ...input, saved: true })).toMatchObject({ type: 'queued', reason: 'offline' });
    expect((await listSavedRows(OWNER)).map((row) => row.key)).toEqual(['rent:a']);
    await toggleSaved({ ...input, saved: false });
    expect(await listSavedRows(OWNER)).toEqual([]);
    await toggleSaved({ ...input, saved: true });
    await toggleSaved({ kind: 'service', id: 'a', ownerId: OWNER, record: {}, label: 'Plumber', saved: true });

    const waiting = (await listOutboxItems()).filter((item) => isOutboxItemOf(item, 'saved'));
    expect(waiting.map((item) => (isOutboxItemOf(item, 'saved') ? item.payload : undefined))).toEqual([
      { kind: 'rent', id: 'a', saved: true },
      { kind: 'service', id: 'a', saved: true },
    ]);
    expect((await listSavedRows(OWNER)).map((row) => row.key).sort()).toEqual(['rent:a', 'service:a']);
  });
});

/**
 * Keeps the saved-items store busy (a readwrite transaction kept alive, as another tab's long write would) until the
 * answered function is called: the phone's own copy of a toggle cannot be written meanwhile.
 */
function holdSavedStore(): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('basha-saved');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const store = open.result.transaction('items', 'readwrite').objectStore('items');
      let held = true;
      const spin = () => {
        if (held) store.count().onsuccess = spin;
      };
      spin();
      resolve(() => {
        held = false;
        open.result.close();
      });
    };
  });
}

describe('toggling a heart on a page that is left at once', () => {
  it('keeps the toggle in the outbox before the phone’s own copy changes, so the next page sends it', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await listSavedRows(OWNER); // the store exists, as it does once a list has shown its hearts
    const release = await holdSavedStore();
    const input = { kind: 'rent' as const, id: 'a', ownerId: OWNER, record: ad('a'), label: 'Flat, Dhaka' };
    const toggled = toggleSaved({ ...input, saved: true });
    try {
      // The page goes while the phone's copy waits: the toggle must already be kept.
      await vi.waitFor(async () => {
        const waiting = (await listOutboxItems()).filter((item) => isOutboxItemOf(item, 'saved'));
        expect(waiting.map((item) => (isOutboxItemOf(item, 'saved') ? item.payload : undefined))).toEqual([
          { kind: 'rent', id: 'a', saved: true },
        ]);
      });
    } finally {
      release();
    }
    expect(await toggled).toMatchObject({ type: 'queued', reason: 'offline' });
    expect((await listSavedRows(OWNER)).map((row) => row.key)).toEqual(['rent:a']);
  });

  it('turns the heart on only once the phone’s copy is kept, so a page left then still has it offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await listSavedRows(OWNER);
    const heart = vi.spyOn(savedState, 'setSavedKey');
    const release = await holdSavedStore();
    const input = { kind: 'rent' as const, id: 'a', ownerId: OWNER, record: ad('a'), label: 'Flat, Dhaka' };
    const toggled = toggleSaved({ ...input, saved: true });
    try {
      await vi.waitFor(async () => expect(await listOutboxItems()).toHaveLength(1));
      // The toggle is kept, the copy is not yet: the heart, which a person takes as done, stays off.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heart).not.toHaveBeenCalled();
    } finally {
      release();
    }
    await toggled;
    expect(heart).toHaveBeenCalledWith('rent', 'a', true);
    heart.mockRestore();
  });
});
