// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestRecord, RequestStatus } from '@/domain/request-status';
import type { UserEvent } from '@/domain/user-events';
import { emptyOutboxBeforeEachTest } from '@/lib/outbox/outbox-test-support';
import { holdSession } from '@/lib/session-cookies';
import { USER_EVENTS_PATH } from '@/lib/user-event-stream';
import { mountForTest } from '@/test/mount-for-test';
import { RequestsPage } from './requests-page';
import { letRequestsTakePageAddresses } from '@/test/page-requests';

/**
 * My requests follows the live event stream (issue 42, point 2): when the server says one of the person's requests was
 * made or moved (by the other side, say), the list is read again while the page is open. The real stream and API
 * client; only the network is replaced.
 */

const view = mountForTest();
let lists: RequestStatus[][];
let stream: ReadableStreamDefaultController<Uint8Array> | undefined;

const record = (status: RequestStatus): RequestRecord => ({
  _id: 'request-1',
  kind: 'visit',
  listingId: '3f0c1d9e-8a5b-4c2d-9e1f-0a1b2c3d4e5f',
  customer: { _id: 'customer-1', name: 'Rahim' },
  owner: { _id: 'owner-1', name: 'Karim' },
  date: '2026-12-10',
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
});

emptyOutboxBeforeEachTest();
beforeEach(() => {
  lists = [['requested']];
  stream = undefined;
  holdSession({ userId: 'customer-1', token: 'bs_x' });
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === USER_EVENTS_PATH) {
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) });
      init?.signal?.addEventListener('abort', () => stream?.error(new DOMException('Aborted', 'AbortError')));
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (path.endsWith('/requests')) {
      const list = lists.length > 1 ? lists.shift()! : lists[0]!;
      return Response.json({ success: true, message: 'Your requests', data: list.map(record) });
    }
    return Response.json({ success: false, message: 'Not here' }, { status: 404 });
  });
});

const status = () => view.container.querySelector('article.request-card .request-status')?.textContent;

function send(id: number, event: UserEvent) {
  stream!.enqueue(new TextEncoder().encode(`id: ${id}\nevent: basha\ndata: ${JSON.stringify(event)}\n\n`));
}

describe('My requests and the event stream', () => {
  it('reads the list again when the stream says one of the requests moved', async () => {
    lists = [['requested'], ['accepted']];
    await view.renderAsync(
      <MemoryRouter initialEntries={['/main/requests']}>
        <RequestsPage />
      </MemoryRouter>,
    );
    await act(() => vi.waitFor(() => expect(status()).toBe('waiting for an answer')));
    await vi.waitFor(() => expect(stream).toBeDefined());

    await act(async () => send(1, { type: 'request', requestId: 'request-1', status: 'accepted' }));
    await act(() => vi.waitFor(() => expect(status()).toBe('accepted')));
  });
});
