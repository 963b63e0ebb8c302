// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  REQUEST_STATUSES,
  requestButtonsFor,
  type RequestRecord,
  type RequestRole,
  type RequestStatus,
} from '@/domain/request-status';
import { aRequestActionPayload, aRequestPayload } from '@/domain/outbox-payloads.fixtures';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { enqueueOutboxItem, resumeOutbox } from '@/lib/outbox/outbox';
import { listOutboxItems, updateOutboxItem } from '@/lib/outbox/outbox-db';
import { registerOutboxSender } from '@/lib/outbox/outbox-processor';
import { emptyOutboxBeforeEachTest } from '@/lib/outbox/outbox-test-support';
import { holdSession } from '@/lib/session-cookies';
import { mountForTest } from '@/test/mount-for-test';
import { settle, until } from '@/test/until';
import { sendRequestAction } from '../api/request-senders';
import { requestActionLabel } from './request-words';
import { onRequestsMayHaveChanged } from './requests-changed';
import { RequestsPage } from './requests-page';
import { letRequestsTakePageAddresses } from '@/test/page-requests';

/**
 * My requests (issue 41, point 4): each request offers the moves the domain's table allows its reader now; an answer
 * the other side overtook (409) is said in the server's words and the list read again; the other side's number only
 * when the server gives it; a request or a move made offline shown as waiting until it is sent; and all of it in
 * Bangla. The moves go through the real outbox (on fake IndexedDB) with the real sender; only the network is replaced.
 */

const view = mountForTest();
const TODAY = '2026-12-10';
const NOW = () => new Date('2026-12-10T06:00:00Z');

const record = (status: RequestStatus, changes: Partial<RequestRecord> = {}): RequestRecord => ({
  _id: `request-${status}`,
  kind: 'visit',
  listingId: '3f0c1d9e-8a5b-4c2d-9e1f-0a1b2c3d4e5f',
  customer: { _id: 'customer-1', name: 'Rahim' },
  owner: { _id: 'owner-1', name: 'Karim' },
  date: TODAY,
  timeOfDay: 'evening',
  placeId: null,
  note: 'Two of us, after work.',
  offeredPrice: null,
  price: null,
  status,
  reason: null,
  history: [{ status: 'requested', at: '2026-12-09T10:00:00.000Z', by: 'customer' }],
  createdAt: '2026-12-09T10:00:00.000Z',
  updatedAt: '2026-12-09T10:00:00.000Z',
  expiresAt: '2026-12-11T10:00:00.000Z',
  ...changes,
});

/** The API as the page meets it: the lists in turn (the last one stays), and PATCH answered by `patch`. */
function stubApi(lists: RequestRecord[][], patch?: () => Response) {
  const calls: string[] = [];
  const patches: { body: unknown; key: string | null }[] = [];
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.method === 'GET' && url.pathname.endsWith('/requests')) {
      const list = lists.length > 1 ? lists.shift()! : lists[0]!;
      return Response.json({ success: true, message: 'Your requests', data: list });
    }
    if (request.method === 'POST' && url.pathname.startsWith('/api/v1/conversations/of-request/')) {
      return Response.json(
        { success: true, message: 'Conversation', data: { _id: 'conversation-1' } },
        { status: 201 },
      );
    }
    if (request.method === 'PATCH' && patch) {
      patches.push({ body: await request.clone().json(), key: request.headers.get('Idempotency-Key') });
      return patch();
    }
    return Response.json({ success: false, message: 'Not here' }, { status: 404 });
  });
  return { calls, patches };
}

async function showPage(as: RequestRole) {
  await view.renderAsync(
    <MemoryRouter initialEntries={[as === 'owner' ? '/main/requests?as=owner' : '/main/requests']}>
      <RequestsPage now={NOW} />
    </MemoryRouter>,
  );
  await settle();
}

const cards = () => [...view.container.querySelectorAll<HTMLElement>('article.request-card')];
const buttonsOf = (card: HTMLElement) =>
  [...card.querySelectorAll('.request-card__actions button')].map((button) => button.textContent);

emptyOutboxBeforeEachTest();
beforeEach(() => {
  holdSession({ userId: 'customer-1', token: 'bs_x' });
  registerOutboxSender('request-action', () => Promise.resolve(sendRequestAction));
});
afterEach(() => {
  vi.restoreAllMocks();
  overwriteGetLocale(() => 'en');
  holdSession(undefined);
});

describe('My requests', () => {
  it.each(['customer', 'owner'] as const)('offers %s the moves the domain allows in each status', async (as) => {
    const list = REQUEST_STATUSES.map((status) => record(status));
    // An accepted job whose day has not come: not done yet.
    list.push(record('accepted', { _id: 'later', date: '2026-12-12' }));
    stubApi([list]);
    await showPage(as);
    expect(cards()).toHaveLength(list.length);
    cards().forEach((card, position) => {
      const shown = list[position]!;
      const allowed = requestButtonsFor(shown.status, as, { date: shown.date, today: TODAY });
      expect(buttonsOf(card)).toEqual(allowed.map(requestActionLabel));
    });
    expect(buttonsOf(cards()[list.length - 1]!)).not.toContain('Mark done');
    // To the owner, cancelling an unanswered request is declining it: one button, not two.
    expect(buttonsOf(cards()[0]!)).toEqual(as === 'owner' ? ['Accept', 'Decline'] : ['Cancel request']);
  });

  it('says why when the request moved meanwhile (409), and reads the list again', async () => {
    const words = 'This request is cancelled now; that cannot be done.';
    const { calls } = stubApi([[record('requested')], [record('cancelled')]], () =>
      Response.json({ success: false, message: words, data: { status: 'cancelled' } }, { status: 409 }),
    );
    await showPage('owner');
    const accept = [...cards()[0]!.querySelectorAll('button')].find((button) => button.textContent === 'Accept');
    await act(async () => accept!.click());
    await until(() => cards()[0]?.querySelector('.request-status')?.textContent === 'cancelled');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(words);
    expect(calls.filter((call) => call.startsWith('GET')).length).toBeGreaterThanOrEqual(2);
    // Refused at once: nothing of it stays on the phone.
    expect(await listOutboxItems()).toEqual([]);
    expect(buttonsOf(cards()[0]!)).toEqual([]);
  });

  it('asks before cancelling, and sends the reason given', async () => {
    const answer = record('cancelled', { _id: 'request-requested' });
    const { patches } = stubApi([[record('requested')], [answer]], () =>
      Response.json({ success: true, message: 'Request updated', data: answer }),
    );
    await showPage('customer');
    const cancel = [...cards()[0]!.querySelectorAll('button')].find((b) => b.textContent === 'Cancel request');
    act(() => cancel!.click());
    expect(patches).toEqual([]);
    expect(view.container.textContent).toContain('Cancel this request?');
    const reason = cards()[0]!.querySelector<HTMLTextAreaElement>('textarea')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(reason, 'Found another home.');
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const yes = [...cards()[0]!.querySelectorAll('button')].find((b) => b.textContent === 'Yes, cancel it');
    await act(async () => yes!.click());
    await until(() => cards()[0]?.querySelector('.request-status')?.textContent === 'cancelled');
    expect(patches.map((patch) => patch.body)).toEqual([{ action: 'cancel', reason: 'Found another home.' }]);
  });

  it('shows a request made offline as a card marked waiting, on “I asked” only', async () => {
    stubApi([[]]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await enqueueOutboxItem({
      kind: 'request',
      ownerId: 'customer-1',
      label: 'Request: Visit',
      payload: aRequestPayload('3f0c1d9e-8a5b-4c2d-9e1f-0a1b2c3d4e5f', '2026-12-20'),
    });
    await showPage('customer');
    const waiting = () => view.container.querySelector<HTMLElement>('[data-testid="waiting-request"]');
    await until(() => waiting() !== null);
    expect(waiting()!.querySelector('.waiting-badge')?.textContent).toBe('Waiting to send');
    expect(waiting()!.textContent).toContain('Two of us, after work.');
    expect(waiting()!.textContent).toContain('Dec 20, 2026');
    // Not "you have not asked anyone yet": the request is on its way.
    expect(view.container.querySelector('a[href="/main/find-service/all"]')).toBeNull();

    await view.renderAsync(
      <MemoryRouter key="owner" initialEntries={['/main/requests?as=owner']}>
        <RequestsPage now={NOW} />
      </MemoryRouter>,
    );
    await settle();
    expect(waiting()).toBeNull();
  });

  it('shows an answer made offline as waiting in place of the buttons, and sends it once when back online', async () => {
    holdSession({ userId: 'owner-1', token: 'bs_x' });
    const { calls, patches } = stubApi([[record('requested')], [record('accepted')]], () =>
      Response.json({ success: true, message: 'Request updated', data: record('accepted') }),
    );
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await showPage('owner');
    const accept = [...cards()[0]!.querySelectorAll('button')].find((button) => button.textContent === 'Accept');
    await act(async () => accept!.click());
    await until(() => cards()[0]?.textContent?.includes('Accept: waiting to send') ?? false);
    expect(buttonsOf(cards()[0]!)).toEqual([]);
    expect(patches).toEqual([]);
    const [item] = await listOutboxItems();
    expect(item).toMatchObject({
      kind: 'request-action',
      payload: { requestId: 'request-requested', action: 'accept' },
    });

    online.mockReturnValue(true);
    await resumeOutbox();
    await resumeOutbox();
    await until(() => cards()[0]?.querySelector('.request-status')?.textContent === 'accepted');
    expect(patches).toEqual([{ body: { action: 'accept' }, key: item!.key }]);
    expect(cards()[0]!.textContent).not.toContain('waiting to send');
    // Read again once the move had gone.
    expect(calls.filter((call) => call.startsWith('GET'))).toHaveLength(2);
  });

  it('says why a move was refused after it had waited, and gives the buttons back once it is discarded', async () => {
    holdSession({ userId: 'owner-1', token: 'bs_x' });
    const words = 'This request is cancelled now; that cannot be done.';
    const { calls } = stubApi([[record('requested')]]);
    const move = await enqueueOutboxItem({
      kind: 'request-action',
      ownerId: 'owner-1',
      label: 'Accept',
      payload: aRequestActionPayload('request-requested', 'accept'),
    });
    await updateOutboxItem(move.id, { status: 'failed', lastError: words });
    await showPage('owner');
    await until(() => cards()[0]?.textContent?.includes(`Accept was not sent: ${words}`) ?? false);
    expect(buttonsOf(cards()[0]!)).toEqual([]);

    const discard = [...cards()[0]!.querySelectorAll('button')].find((button) => button.textContent === 'Discard');
    await act(async () => discard!.click());
    await until(() => buttonsOf(cards()[0]!).length > 0);
    expect(buttonsOf(cards()[0]!)).toEqual(['Accept', 'Decline']);
    expect(await listOutboxItems()).toEqual([]);
    expect(calls.filter((call) => call.startsWith('GET')).length).toBeGreaterThanOrEqual(2);
  });

  it('has the header count the requests waiting for an answer again: once the list is read, and after an answer', async () => {
    const answer = record('declined', { _id: 'request-requested' });
    // Read again after the answer, the server's list has it declined, as a real server's would.
    stubApi([[record('requested')], [answer]], () =>
      Response.json({ success: true, message: 'Request updated', data: answer }),
    );
    let recounts = 0;
    onTestFinished(onRequestsMayHaveChanged(() => (recounts += 1)));
    await showPage('owner');
    expect(recounts).toBe(1);
    const decline = () => [...cards()[0]!.querySelectorAll('button')].find((b) => b.textContent === 'Decline');
    act(() => decline()!.click());
    await act(async () => decline()!.click());
    await until(() => cards()[0]?.querySelector('.request-status')?.textContent === 'declined');
    // Counted again with the answer. Once more, at times: the page also reads its list again when it sees the move
    // leave the outbox, which it does only if its live query caught the move there in the moment it took to send.
    await until(() => recounts >= 2);
  });

  it('shows the other side’s number only when the server gives it', async () => {
    stubApi([
      [
        record('accepted', { _id: 'a', owner: { _id: 'owner-1', name: 'Karim', phone: '+880 1712-345678' } }),
        record('requested', { _id: 'b' }),
      ],
    ]);
    await showPage('customer');
    expect(cards()[0]!.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:+8801712345678');
    expect(cards()[1]!.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it('says where to go when there are none', async () => {
    stubApi([[]]);
    await showPage('customer');
    expect(view.container.querySelector('a[href="/main/find-service/all"]')?.textContent).toBe('Find a service');
    expect(view.container.querySelector('a[href="/main/rent"]')?.textContent).toBe('Find a home');
  });

  it('speaks Bangla: the date in Bangla digits and the domain’s status words', async () => {
    overwriteGetLocale(() => 'bn');
    stubApi([[record('accepted', { date: '2026-12-25' })]]);
    await showPage('customer');
    const card = cards()[0]!;
    expect(card.querySelector('.request-status')?.textContent).toBe('গৃহীত');
    expect(card.textContent).toContain('২৫');
    expect(card.textContent).toContain('২০২৬');
    expect(card.textContent).not.toMatch(/\d/);
    expect(view.container.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('আমি যা চেয়েছি');
  });

  it.each(['customer', 'owner'] as const)("opens the request's thread for the %s", async (as) => {
    const { calls } = stubApi([[record('accepted')]]);
    function Where() {
      return <p data-testid="where">{useLocation().pathname}</p>;
    }
    await view.renderAsync(
      <MemoryRouter initialEntries={[as === 'owner' ? '/main/requests?as=owner' : '/main/requests']}>
        <Routes>
          <Route path="/main/requests" element={<RequestsPage now={NOW} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    await until(() => cards().length === 1);
    const other = as === 'owner' ? 'Rahim' : 'Karim';
    const message = cards()[0]!.querySelector<HTMLButtonElement>(`button[aria-label="Message ${other}"]`);
    await act(async () => message!.click());
    await until(() => view.container.querySelector('[data-testid="where"]') !== null);
    expect(view.container.querySelector('[data-testid="where"]')?.textContent).toBe('/main/messages/conversation-1');
    expect(calls).toContain('POST /api/v1/conversations/of-request/request-accepted');
  });
});
