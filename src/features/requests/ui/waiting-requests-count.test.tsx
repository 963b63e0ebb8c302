// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { UserEvent } from '@/domain/user-events';
import { holdSession } from '@/lib/session-cookies';
import { subscribeToUserEvents, USER_EVENTS_PATH } from '@/lib/user-event-stream';
import { mountForTest } from '@/test/mount-for-test';
import WaitingRequestsCount from './waiting-requests-count';
import { letRequestsTakePageAddresses } from '@/test/page-requests';

/**
 * The header's badge follows the live event stream (issue 42, point 2): when the server says one of the person's
 * requests was made or moved, the count is read again, without waiting for the person to come back to the tab. The
 * real stream and API client; only the network is replaced.
 */

const view = mountForTest();
let counts: number[];
let counted: number;
let stream: ReadableStreamDefaultController<Uint8Array> | undefined;

beforeEach(() => {
  counts = [1];
  counted = 0;
  stream = undefined;
  holdSession({ userId: 'owner-1', token: 'bs_x' });
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname === USER_EVENTS_PATH) {
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) });
      init?.signal?.addEventListener('abort', () => stream?.error(new DOMException('Aborted', 'AbortError')));
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    counted += 1;
    const count = counts.length > 1 ? counts.shift()! : counts[0]!;
    return Response.json({ success: true, message: 'Requests waiting for your answer', data: { count } });
  });
});

const badge = () => view.container.querySelector('.nav-count')?.textContent;

function send(id: number, event: UserEvent) {
  stream!.enqueue(new TextEncoder().encode(`id: ${id}\nevent: basha\ndata: ${JSON.stringify(event)}\n\n`));
}

describe('the waiting requests badge and the event stream', () => {
  it('counts again when the stream says a request was made or moved, and not for a message', async () => {
    counts = [1, 2];
    await view.renderAsync(<WaitingRequestsCount selfId="owner-1" round={0} />);
    await act(() => vi.waitFor(() => expect(badge()).toBe('1')));
    await vi.waitFor(() => expect(stream).toBeDefined());
    // Heard after the badge, on the same connection: once this has an event, the badge has had it too.
    const heard: UserEvent[] = [];
    onTestFinished(subscribeToUserEvents((event) => heard.push(event)));

    await act(async () => send(1, { type: 'conversation', conversationId: 'c-1' }));
    await act(() => vi.waitFor(() => expect(heard).toHaveLength(1)));
    expect(counted).toBe(1);
    await act(async () => send(2, { type: 'request', requestId: 'r-1', status: 'requested' }));
    await act(() => vi.waitFor(() => expect(badge()).toBe('2')));
    expect(counted).toBe(2);
  });
});
