// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { act } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOutboxDb, isOutboxItemOf, listOutboxItems, OUTBOX_DB_NAME } from '@/lib/outbox/outbox-db';
import { resetOutboxProcessor } from '@/lib/outbox/outbox-processor';
import { clearSavedRows, listSavedRows, markSavedRowGone, putSavedRow, savedRowOf } from '@/lib/saved/saved-db';
import { forgetSavedKeys } from '@/lib/saved/saved-state';
import { writeSession } from '@/lib/session-cookies';
import { mountForTest } from '@/test/mount-for-test';
import { SavedPage } from './saved-page';

const OWNER = '11111111-1111-4111-8111-111111111111';
const screen = mountForTest();

const ad = (id: string, addressLine: string) => ({
  _id: id,
  category: 'flat',
  cost: 12000,
  rentPaymentFrequency: 'monthly',
  addressLine,
  city: 'Dhaka',
  imageUrls: [],
  thumbnailUrls: [],
});

const page = (
  <MemoryRouter>
    <Routes>
      <Route element={<Outlet context={{ selfId: OWNER }} />}>
        <Route path="/" element={<SavedPage />} />
      </Route>
    </Routes>
  </MemoryRouter>
);

const items = () => [...screen.container.querySelectorAll<HTMLElement>('.saved-item')];
const itemOf = (address: string) => items().find((item) => item.textContent?.includes(address));

beforeEach(async () => {
  await clearSavedRows();
  closeOutboxDb();
  await Dexie.delete(OUTBOX_DB_NAME);
  forgetSavedKeys();
  writeSession(OWNER, 'token');
  // Offline: the removal waits in the outbox, where the test reads it.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(() => {
  resetOutboxProcessor();
  vi.restoreAllMocks();
});

describe('a saved listing that went away', () => {
  it('stays on Saved, says it is no longer available, opens nothing, and can be removed', async () => {
    await putSavedRow(savedRowOf('rent', 'live', OWNER, ad('live', 'Road 1'), [], 2000));
    await putSavedRow(savedRowOf('rent', 'gone', OWNER, ad('gone', 'Road 2'), [], 1000));
    expect(await markSavedRowGone('rent:gone')).toBe(true);

    await screen.renderAsync(page);
    await act(() => vi.waitFor(() => expect(items()).toHaveLength(2)));

    const gone = itemOf('Road 2')!;
    expect(gone.textContent).toContain('No longer available');
    expect(gone.querySelector('a')).toBeNull();
    const live = itemOf('Road 1')!;
    expect(live.textContent).not.toContain('No longer available');
    expect(live.querySelector('a')?.getAttribute('href')).toBe('/main/view-rent/live');

    const remove = gone.querySelector<HTMLButtonElement>('button[aria-label="Remove Flat, Dhaka from Saved"]')!;
    expect(remove.textContent).toBe('Remove from Saved');
    await act(async () => {
      remove.click();
      await vi.waitFor(() => expect(items()).toHaveLength(1));
    });
    expect(itemOf('Road 1')).toBeDefined();
    expect((await listSavedRows(OWNER)).map((row) => row.key)).toEqual(['rent:live']);
    // The account hears of it through the outbox, as of a heart's unsave.
    const waiting = (await listOutboxItems()).filter((item) => isOutboxItemOf(item, 'saved'));
    expect(waiting.map((item) => item.payload)).toEqual([{ kind: 'rent', id: 'gone', saved: false }]);
  });
});
