// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationRecord, MessageRecord } from '@/domain/conversation';
import type { UserEvent } from '@/domain/user-events';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { resumeOutbox } from '@/lib/outbox/outbox';
import { listOutboxItems } from '@/lib/outbox/outbox-db';
import { registerOutboxSender } from '@/lib/outbox/outbox-processor';
import { emptyOutboxBeforeEachTest } from '@/lib/outbox/outbox-test-support';
import { holdSession } from '@/lib/session-cookies';
import { clearViewedRecords } from '@/lib/viewed-records/viewed-records-db';
import { mountForTest } from '@/test/mount-for-test';
import { settle, until } from '@/test/until';
import { ModerationSlotsProvider, type ModerationSlots } from '@/ui/moderation-slots';
import { MessagesPage } from './messages-page';
import { letRequestsTakePageAddresses } from '@/test/page-requests';

/**
 * The conversations pages (issue 42): the list and its offline copy; a thread's messages sent once through the outbox
 * (online at once, offline waiting and then replaced by the server's copy), live events without duplicates, the
 * reader's scam warning with Report, a block that takes the composer away, and Share my number only after asking.
 * The outbox runs for real on fake IndexedDB with the real sender; only the network and the event stream are fakes.
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
const SELF = 'renter-1';

const message = (seq: number, changes: Partial<MessageRecord> = {}): MessageRecord => ({
  _id: `m-${seq}`,
  conversationId: 'c1',
  seq,
  authorId: 'owner-1',
  mine: false,
  text: `Message ${seq}`,
  masked: false,
  warnings: [],
  createdAt: '2026-12-07T08:00:00.000Z',
  ...changes,
});

const conversation = (changes: Partial<ConversationRecord> = {}): ConversationRecord => ({
  _id: 'c1',
  listing: { kind: 'rent', _id: 'rent-1', title: 'Flat in Mirpur 10, ৳15,000' },
  role: 'starter',
  other: { _id: 'owner-1', name: 'Karim' },
  lastMessage: message(1),
  lastMessageAt: '2026-12-07T08:00:00.000Z',
  unread: 2,
  sharedMyNumber: false,
  otherNumber: null,
  blockedByMe: false,
  blockedMe: false,
  createdAt: '2026-12-07T07:00:00.000Z',
  ...changes,
});

interface Api {
  list: ConversationRecord[];
  head: ConversationRecord;
  messages: MessageRecord[];
  offline: boolean;
  posts: { path: string; body: unknown }[];
}

/** The API as the pages meet it, answering from `api`; offline, every call fails as fetch does. */
function stubApi(api: Api) {
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (api.offline) throw new TypeError('Failed to fetch');
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace('/api/v1/', '');
    const ok = (data: unknown, status = 200) => Response.json({ success: true, message: 'OK', data }, { status });
    if (request.method === 'GET') {
      if (path === 'conversations') return ok(api.list);
      if (path === 'conversations/c1') return ok(api.head);
      if (path === 'conversations/c1/messages') {
        const since = Number(url.searchParams.get('since') ?? -1);
        const messages = api.messages.filter((each) => each.seq > since);
        return ok({ messages, cursor: api.messages.at(-1)?.seq ?? 0, hasMore: false });
      }
    }
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    api.posts.push({ path, body });
    if (path === 'conversations/c1/messages') {
      const sent = body as { clientId: string; text: string };
      const known = api.messages.find((each) => each.clientId === sent.clientId);
      if (known) return ok(known);
      const record = message(api.messages.length + 10, { ...sent, mine: true, authorId: SELF });
      api.messages.push(record);
      return ok(record, 201);
    }
    if (path === 'conversations/c1/share-number') return ok((api.head = { ...api.head, sharedMyNumber: true }));
    if (path === 'conversations/c1/read') return ok(null);
    return Response.json({ success: false, message: 'Not here' }, { status: 404 });
  });
}

let api: Api;
const reportSlots: ModerationSlots = {
  reportButton: (props) => <button data-report={`${props.kind}:${props.targetId}`}>Report</button>,
  hiddenItems: () => null,
};

async function showPage(path: string) {
  await view.renderAsync(
    <ModerationSlotsProvider slots={reportSlots}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/main/messages" element={<MessagesPage />} />
          <Route path="/main/messages/:id" element={<MessagesPage />} />
        </Routes>
      </MemoryRouter>
    </ModerationSlotsProvider>,
  );
}

const text = () => view.container.textContent ?? '';
const bubbles = () => [...view.container.querySelectorAll<HTMLElement>('.bubble')];
const button = (label: string) =>
  [...view.container.querySelectorAll<HTMLButtonElement>('button')].find((each) => each.textContent === label);
const messagePosts = () => api.posts.filter((post) => post.path === 'conversations/c1/messages');

async function write(words: string) {
  const area = view.container.querySelector<HTMLTextAreaElement>('textarea')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(area, words);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => button('Send')!.click());
}

emptyOutboxBeforeEachTest();
beforeEach(async () => {
  holdSession({ userId: SELF, token: 'bs_x' });
  await clearViewedRecords();
  events.listeners.clear();
  api = { list: [conversation()], head: conversation(), messages: [message(1)], offline: false, posts: [] };
  stubApi(api);
  registerOutboxSender('message', () => import('../api/message-sender').then((module) => module.sendMessageItem));
});
afterEach(() => {
  vi.restoreAllMocks();
  overwriteGetLocale(() => 'en');
  holdSession(undefined);
});

describe('the conversations list', () => {
  it('shows each conversation with its listing, last message and unread count, and opens offline from the last copy', async () => {
    await showPage('/main/messages');
    await until(() => view.container.querySelector('.conversation-row') !== null);
    const row = view.container.querySelector<HTMLAnchorElement>('.conversation-row')!;
    expect(row.getAttribute('href')).toBe('/main/messages/c1');
    expect(row.textContent).toContain('Karim');
    expect(row.textContent).toContain('Flat in Mirpur 10');
    expect(row.textContent).toContain('Message 1');
    expect(row.querySelector('.conversation-row__unread')?.textContent).toContain('2 unread');

    api.offline = true;
    await view.renderAsync(<div />);
    await showPage('/main/messages');
    await until(() => view.container.querySelector('.conversation-row') !== null);
    expect(text()).toContain('Offline: showing what this phone saved');
    expect(view.container.querySelector('.conversation-row')?.textContent).toContain('Karim');
  });

  it('says what to do when there are none, in Bangla with Bangla digits on the count', async () => {
    api.list = [];
    await showPage('/main/messages');
    await until(() => text().includes('No conversations yet'));
    expect(view.container.querySelector('a[href="/main/rent"]')?.textContent).toBe('Find a home');

    overwriteGetLocale(() => 'bn');
    api.list = [conversation({ unread: 12 })];
    await view.renderAsync(<div />);
    await showPage('/main/messages');
    await until(() => view.container.querySelector('.conversation-row__unread') !== null);
    expect(view.container.querySelector('.conversation-row__unread')?.textContent).toContain('১২');
  });
});

describe('a conversation', () => {
  it('sends a message once, with its outbox item’s key as clientId, and marks the thread read', async () => {
    await showPage('/main/messages/c1');
    await until(() => bubbles().length === 1);
    await until(() => api.posts.some((post) => post.path === 'conversations/c1/read'));
    expect(api.posts.find((post) => post.path === 'conversations/c1/read')?.body).toEqual({ upTo: 1 });

    await write('  Is the flat still free?  ');
    await until(() => bubbles().some((each) => each.dataset.messageId && each.textContent?.includes('still free')));
    expect(bubbles()).toHaveLength(2);
    expect(messagePosts()).toHaveLength(1);
    const body = messagePosts()[0]!.body as { clientId: string; text: string };
    expect(body.text).toBe('Is the flat still free?');
    expect(body.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(bubbles()[1]!.className).toContain('bubble--mine');
    expect(await listOutboxItems()).toEqual([]);
    expect(view.container.querySelector('textarea')?.value).toBe('');
  });

  it('keeps a message written offline waiting, then shows the server’s copy once it is sent (one POST on two flushes)', async () => {
    await showPage('/main/messages/c1');
    await until(() => bubbles().length === 1);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api.offline = true;
    await write('I can come on Friday.');
    await until(() => view.container.querySelector('[data-testid="waiting-message"]') !== null);
    expect(view.container.querySelector('[data-testid="waiting-message"]')?.textContent).toContain('Waiting to send');
    const [item] = await listOutboxItems();
    expect(item).toMatchObject({ kind: 'message', payload: { conversationId: 'c1', text: 'I can come on Friday.' } });

    online.mockReturnValue(true);
    api.offline = false;
    await resumeOutbox();
    await resumeOutbox();
    await until(() => view.container.querySelector('[data-testid="waiting-message"]') === null);
    await until(() =>
      bubbles().some((each) => each.dataset.messageId !== undefined && each.textContent?.includes('Friday')),
    );
    expect(messagePosts()).toHaveLength(1);
    expect((messagePosts()[0]!.body as { clientId: string }).clientId).toBe(item!.key);
    expect(bubbles().filter((each) => each.textContent?.includes('Friday'))).toHaveLength(1);
  });

  it('adds a message from the event stream once, however often it comes', async () => {
    await showPage('/main/messages/c1');
    await until(() => bubbles().length === 1);
    const event: UserEvent = { type: 'message', conversationId: 'c1', message: message(2, { text: 'Come at six.' }) };
    act(() => events.listeners.forEach((listener) => listener(event)));
    act(() => events.listeners.forEach((listener) => listener(event)));
    api.messages.push(event.message);
    act(() => window.dispatchEvent(new Event('online')));
    await until(() => api.posts.filter((post) => post.path === 'conversations/c1/read').length >= 2);
    await settle();
    expect(bubbles().map((each) => each.querySelector('.bubble__text')?.textContent)).toEqual([
      'Message 1',
      'Come at six.',
    ]);
    // Another conversation's message is not this one's.
    act(() =>
      events.listeners.forEach((listener) =>
        listener({ type: 'message', conversationId: 'c2', message: message(3, { conversationId: 'c2' }) }),
      ),
    );
    expect(bubbles()).toHaveLength(2);
  });

  it('warns the reader of a message that asks for an advance, with Report, and notes hidden contact details', async () => {
    api.messages = [
      message(1, {
        text: 'Send 5000 advance by bKash to •••',
        warnings: ['advance-payment', 'mobile-payment'],
        masked: true,
      }),
      message(2, { text: 'I will send it', mine: true, authorId: SELF, warnings: [] }),
    ];
    await showPage('/main/messages/c1');
    await until(() => bubbles().length === 2);
    const warning = view.container.querySelector('.scam-warning')!;
    expect(warning.textContent).toContain('Never pay an advance before you have seen the home');
    expect(warning.querySelector('[data-report]')?.getAttribute('data-report')).toBe('conversation:c1');
    expect(view.container.querySelectorAll('.scam-warning')).toHaveLength(1);
    expect(bubbles()[0]!.textContent).toContain('Contact details are hidden until they share their number.');
  });

  it('warns of a service in its own words, in Bangla', async () => {
    overwriteGetLocale(() => 'bn');
    api.head = conversation({ listing: { kind: 'service', _id: 's-1', title: 'Plumber' } });
    api.messages = [message(1, { warnings: ['payment-link'] })];
    await showPage('/main/messages/c1');
    await until(() => view.container.querySelector('.scam-warning') !== null);
    expect(view.container.querySelector('.scam-warning')?.textContent).toContain('বাসায় কাজটি ঠিক হওয়ার আগে');
    expect(view.container.querySelector('.scam-warning')?.textContent).toContain('পেমেন্ট লিংকে');
  });

  it.each([
    ['they blocked', { blockedMe: true }, 'Karim blocked this conversation'],
    ['I blocked', { blockedByMe: true }, 'You blocked Karim'],
  ])('has no composer when %s, and says no more messages can be sent', async (_, changes, words) => {
    api.head = conversation(changes);
    await showPage('/main/messages/c1');
    await until(() => text().includes(words));
    expect(view.container.querySelector('textarea')).toBeNull();
    expect(button('Send')).toBeUndefined();
  });

  it('shares my number only after asking, then says it is shared; their number is a call link', async () => {
    api.head = conversation({ otherNumber: '+880 1712-345678' });
    await showPage('/main/messages/c1');
    await until(() => button('Share my number') !== undefined);
    expect(view.container.querySelector('a[href="tel:+8801712345678"]')?.textContent).toBe('Call +880 1712-345678');
    act(() => button('Share my number')!.click());
    expect(api.posts.filter((post) => post.path.endsWith('share-number'))).toEqual([]);
    expect(text()).toContain('Share your phone number with Karim?');
    await act(async () => button('Yes, share it')!.click());
    await until(() => button('You shared your number') !== undefined);
    expect(button('You shared your number')!.disabled).toBe(true);
    expect(api.posts.filter((post) => post.path.endsWith('share-number'))).toHaveLength(1);
  });
});
