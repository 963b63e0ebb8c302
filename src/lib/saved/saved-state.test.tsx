// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountForTest } from '@/test/mount-for-test';
import * as sessionCookies from '../session-cookies';
import * as savedDb from './saved-db';
import { forgetSavedKeys, useIsSaved } from './saved-state';

const OWNER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const screen = mountForTest();

function Heart({ id }: { id: string }) {
  return <span data-saved={useIsSaved('rent', id)}>{id}</span>;
}

const hearts = (count: number) => Array.from({ length: count }, (_, i) => <Heart key={i} id={`ad-${i}`} />);
const savedOnScreen = () =>
  [...screen.container.querySelectorAll('[data-saved="true"]')].map((heart) => heart.textContent);

beforeEach(async () => {
  await savedDb.clearSavedRows();
  forgetSavedKeys();
  sessionCookies.writeSession(OWNER, 'token');
});
afterEach(() => vi.restoreAllMocks());

describe('the hearts of a list', () => {
  it('read the session once and IndexedDB once for fifty hearts, and show what is saved', async () => {
    await savedDb.putSavedRow(savedDb.savedRowOf('rent', 'ad-3', OWNER, { _id: 'ad-3' }, [], 1000));
    await savedDb.putSavedRow(savedDb.savedRowOf('rent', 'ad-7', OTHER, { _id: 'ad-7' }, [], 1000));
    const sessionReads = vi.spyOn(sessionCookies, 'readSession');
    const reads = vi.spyOn(savedDb, 'listSavedRows');

    await screen.renderAsync(<>{hearts(50)}</>);
    await act(async () => {
      await vi.waitFor(() => expect(savedOnScreen()).toEqual(['ad-3']));
    });

    expect(reads).toHaveBeenCalledTimes(1);
    // Each read parses document.cookie: once for the list, not once per heart.
    expect(sessionReads).toHaveBeenCalledTimes(1);
  });

  it('load the new account’s items when a list mounts after the account changed', async () => {
    await savedDb.putSavedRow(savedDb.savedRowOf('rent', 'ad-1', OTHER, { _id: 'ad-1' }, [], 1000));
    await screen.renderAsync(<>{hearts(3)}</>);
    await act(async () => {
      await vi.waitFor(() => expect(savedOnScreen()).toEqual([]));
    });

    await screen.renderAsync(<></>);
    sessionCookies.writeSession(OTHER, 'token');
    await screen.renderAsync(<>{hearts(3)}</>);
    await act(async () => {
      await vi.waitFor(() => expect(savedOnScreen()).toEqual(['ad-1']));
    });
  });
});
