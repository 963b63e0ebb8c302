// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserEvent } from '@/domain/user-events';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { mountForTest } from '@/test/mount-for-test';
import { settle, until } from '@/test/until';
import UnreadCount from './unread-count';
import { letRequestsTakePageAddresses } from '@/test/page-requests';

/**
 * The badge on the header's Messages link (issue 42): the conversations with unread messages, in the page's digits
 * and in words for screen readers; asked again on each round the header gives it and on a conversation's live event.
 */

const events = vi.hoisted(() => ({ listeners: new Set<(event: UserEvent) => void>() }));
vi.mock('@/lib/user-event-stream', () => ({
  subscribeToUserEvents: (listener: (event: UserEvent) => void) => {
    events.listeners.add(listener);
    return () => events.listeners.delete(listener);
  },
}));
afterAll(() => vi.resetModules());

const view = mountForTest();
let counts: number[];
let asked: number;

const badge = () => view.container.querySelector('.nav-count')?.textContent;

beforeEach(() => {
  events.listeners.clear();
  counts = [2];
  asked = 0;
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (request: Request) => {
    expect(new URL(request.url).pathname).toBe('/api/v1/conversations/unread-count');
    asked += 1;
    const count = counts.length > 1 ? counts.shift()! : counts[0]!;
    return Response.json({ success: true, message: 'Unread', data: { count } });
  });
});
afterEach(() => overwriteGetLocale(() => 'en'));

describe('the Messages badge', () => {
  it('counts the conversations with unread messages, and again on a conversation’s live event', async () => {
    counts = [2, 3, 0];
    await view.renderAsync(<UnreadCount selfId="renter-1" round={0} />);
    await until(() => badge() === '2');
    expect(view.container.textContent).toContain('(2 with new messages)');

    act(() => events.listeners.forEach((listener) => listener({ type: 'conversation', conversationId: 'c1' })));
    await until(() => badge() === '3');
    // A request's event is not the badge's.
    act(() =>
      events.listeners.forEach((listener) => listener({ type: 'request', requestId: 'r1', status: 'accepted' })),
    );
    await settle();
    expect(asked).toBe(2);

    await view.renderAsync(<UnreadCount selfId="renter-1" round={1} />);
    await until(() => asked === 3);
    await until(() => badge() === undefined);
  });

  it('shows Bangla digits in Bangla', async () => {
    overwriteGetLocale(() => 'bn');
    counts = [12];
    await view.renderAsync(<UnreadCount selfId="renter-1" round={0} />);
    await until(() => badge() === '১২');
  });
});
