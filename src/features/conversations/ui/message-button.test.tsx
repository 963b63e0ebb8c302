// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationRecord } from '@/domain/conversation';
import { holdSession } from '@/lib/session-cookies';
import { clearViewedRecords, putViewedRecord } from '@/lib/viewed-records/viewed-records-db';
import { mountForTest } from '@/test/mount-for-test';
import { until } from '@/test/until';
import type { RequestTarget } from '@/ui/request-slots';
import { MessageButtonView } from './message-button';
import { letRequestsTakePageAddresses } from '@/test/page-requests';

/**
 * "Message the landlord" / "Message the provider" (issue 42, point 1): not for the listing's owner; a visitor is sent
 * to sign in and, back on the page, the conversation opens; offline it opens a conversation this phone knows, and
 * otherwise says that starting one needs a connection.
 */

const view = mountForTest();
const AD: RequestTarget = { kind: 'visit', listingId: 'rent-1', ownerId: 'owner-1' };
let posts: unknown[];
let offline: boolean;

const known: ConversationRecord = {
  _id: 'c-known',
  listing: { kind: 'rent', _id: 'rent-1', title: 'Flat in Mirpur 10' },
  role: 'starter',
  other: { _id: 'owner-1', name: 'Karim' },
  lastMessage: null,
  lastMessageAt: null,
  unread: 0,
  sharedMyNumber: false,
  otherNumber: null,
  blockedByMe: false,
  blockedMe: false,
  createdAt: '2026-12-07T07:00:00.000Z',
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

async function showButton(target: RequestTarget = AD) {
  await view.renderAsync(
    <MemoryRouter initialEntries={['/main/view-rent/rent-1']}>
      <Routes>
        <Route path="/main/view-rent/:id" element={<MessageButtonView target={target} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => view.container.querySelector('[data-testid="where"]')?.textContent;
const theButton = () => view.container.querySelector('button');

beforeEach(async () => {
  posts = [];
  offline = false;
  sessionStorage.clear();
  await clearViewedRecords();
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (request: Request) => {
    if (offline) throw new TypeError('Failed to fetch');
    posts.push(await request.clone().json());
    return Response.json({ success: true, message: 'OK', data: { ...known, _id: 'c1' } }, { status: 201 });
  });
});
afterEach(() => holdSession(undefined));

describe('the Message button', () => {
  it('is not shown on one’s own listing', async () => {
    holdSession({ userId: 'owner-1', token: 'bs_x' });
    await showButton();
    expect(view.container.innerHTML).toBe('');
  });

  it('starts the conversation about the listing and opens it', async () => {
    holdSession({ userId: 'renter-1', token: 'bs_x' });
    await showButton({ ...AD, kind: 'service', places: [], minimumPrice: 500, maximumPrice: 1500 });
    expect(theButton()?.textContent).toBe('Message the provider');
    await act(async () => theButton()!.click());
    await until(() => where() === '/main/messages/c1');
    expect(posts).toEqual([{ listingKind: 'service', listingId: 'rent-1' }]);
  });

  it('sends a visitor to sign in, and opens the conversation once they are back signed in', async () => {
    await showButton();
    expect(theButton()?.textContent).toBe('Message the landlord');
    act(() => theButton()!.click());
    expect(where()).toBe('/auth/login');
    expect(posts).toEqual([]);

    holdSession({ userId: 'renter-1', token: 'bs_x' });
    await view.renderAsync(<div />);
    await showButton();
    await until(() => where() === '/main/messages/c1');
    expect(posts).toEqual([{ listingKind: 'rent', listingId: 'rent-1' }]);
  });

  it('offline, says a connection is needed the first time, and opens a conversation the phone already knows', async () => {
    holdSession({ userId: 'renter-1', token: 'bs_x' });
    offline = true;
    await showButton();
    await act(async () => theButton()!.click());
    await until(() => view.container.textContent?.includes('Starting a conversation needs a connection') ?? false);

    await putViewedRecord('renter-1', 'conversations', [known], Date.now());
    await act(async () => theButton()!.click());
    await until(() => where() === '/main/messages/c-known');
  });
});
