// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserEvent } from '@/domain/user-events';
import { clearSession, writeSession } from './session-cookies';
import { onSessionRefused } from './session-refused';
import {
  HIDDEN_CLOSE_MS,
  RECONNECT_MAX_MS,
  reconnectDelayMs,
  subscribeToUserEvents,
  USER_EVENTS_PATH,
} from './user-event-stream';

/**
 * The live event stream (issue 42): one connection per tab, read with fetch and the session as a bearer token, shared
 * by its listeners, resumed with Last-Event-ID after a drop, with a growing wait between tries; closed when no one
 * listens, offline, after a minute hidden, and for good on a 401. Only the network is replaced: a fake fetch whose
 * answers are streams the test writes server-sent events into, a chunk at a time.
 */

interface Connection {
  headers: Headers;
  /** Epoch ms when it was asked for (fake time in the tests that fake it). */
  at: number;
  /** Whether the client let it go. */
  aborted: boolean;
  send(text: string): void;
  end(): void;
  fail(): void;
}

let connections: Connection[];
/** How the next ask is answered: a stream (the default), or an answer of the test's. */
let answer: (() => Response | Promise<Response>) | undefined;
let unsubscribes: (() => void)[];

beforeEach(() => {
  connections = [];
  answer = undefined;
  unsubscribes = [];
  writeSession('user-1', 'bs_first');
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (own) => void (controller = own) });
    const connection: Connection = {
      headers: new Headers(init.headers),
      at: Date.now(),
      aborted: false,
      send: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
      fail: () => controller.error(new TypeError('network error')),
    };
    expect(input).toBe(USER_EVENTS_PATH);
    connections.push(connection);
    // As a browser's fetch: letting it go ends the body's stream.
    init.signal?.addEventListener('abort', () => {
      connection.aborted = true;
      try {
        controller.error(new DOMException('The user aborted a request.', 'AbortError'));
      } catch {
        // Already ended.
      }
    });
    if (answer) return answer();
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
});

afterEach(async () => {
  for (const unsubscribe of unsubscribes) unsubscribe();
  await Promise.resolve();
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearSession();
});

function listen(listener: (event: UserEvent) => void = () => undefined): () => void {
  const unsubscribe = subscribeToUserEvents(listener);
  unsubscribes.push(unsubscribe);
  return unsubscribe;
}

const connected = (count: number) => vi.waitFor(() => expect(connections).toHaveLength(count));
const last = () => connections[connections.length - 1]!;
const event = (id: number, data: unknown, name = 'basha') =>
  `id: ${id}\nevent: ${name}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
const requestEvent = (requestId: string): UserEvent => ({ type: 'request', requestId, status: 'accepted' });

describe('the event stream', () => {
  it('hands each event to every listener, read across chunks, with the session as a bearer token', async () => {
    const first: UserEvent[] = [];
    const second: UserEvent[] = [];
    listen((event) => first.push(event));
    listen((event) => second.push(event));
    await connected(1);
    expect(last().headers.get('Authorization')).toBe('Bearer bs_first');
    expect(last().headers.get('Accept')).toBe('text/event-stream');
    expect(last().headers.has('Last-Event-ID')).toBe(false);

    const both =
      event(1, requestEvent('r-1')) + ': keep-alive\n\n' + event(2, { type: 'conversation', conversationId: 'c-1' });
    last().send(both.slice(0, 25));
    last().send(both.slice(25, 60));
    last().send(both.slice(60));
    await vi.waitFor(() => expect(second).toHaveLength(2));
    expect(first).toEqual([requestEvent('r-1'), { type: 'conversation', conversationId: 'c-1' }]);
    expect(second).toEqual(first);
    // One connection for both.
    expect(connections).toHaveLength(1);
  });

  it('passes over events of other names and data that is not a well-formed event', async () => {
    const heard: UserEvent[] = [];
    listen((event) => heard.push(event));
    await connected(1);
    last().send(event(1, requestEvent('r-other'), 'ping'));
    last().send(event(2, '{"type":"request",'));
    last().send(event(3, { type: 'unknown', requestId: 'r-x' }));
    last().send(event(4, { type: 'request', status: 'accepted' }));
    last().send(event(5, 'null'));
    last().send(event(6, requestEvent('r-good')));
    await vi.waitFor(() => expect(heard).toEqual([requestEvent('r-good')]));
  });

  it('keeps handing events to the other listeners when one throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard: UserEvent[] = [];
    listen(() => {
      throw new Error('a broken page');
    });
    listen((event) => heard.push(event));
    await connected(1);
    last().send(event(1, requestEvent('r-1')) + event(2, requestEvent('r-2')));
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(connections).toHaveLength(1);
    expect(last().aborted).toBe(false);
  });

  it('opens again after the stream ends or fails, resuming after the last event read', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const heard: UserEvent[] = [];
    listen((event) => heard.push(event));
    expect(connections).toHaveLength(1);
    last().send(event(7, requestEvent('r-7')));
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toHaveLength(1);
    last().end();
    await vi.advanceTimersByTimeAsync(999);
    expect(connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(connections).toHaveLength(2);
    expect(last().headers.get('Last-Event-ID')).toBe('7');

    last().send(event(8, requestEvent('r-8')));
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toHaveLength(2);
    // A stream that carried events was healthy: the wait after it is the first one again, a second.
    last().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(connections).toHaveLength(3);
    expect(last().headers.get('Last-Event-ID')).toBe('8');
  });

  it('waits longer after each failed try: from a second, doubling, up to 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    listen();
    await vi.advanceTimersByTimeAsync(200_000);
    const waits = connections.slice(1, 9).map((connection, index) => connection.at - connections[index]!.at);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('stops for good on a 401, and tells the app that the session was refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const refused: unknown[][] = [];
    const stop = onSessionRefused((...said) => refused.push(said));
    answer = () =>
      Response.json({ success: false, message: 'Sign in again', code: 'password-changed' }, { status: 401 });
    try {
      listen();
      await vi.waitFor(() => expect(refused).toEqual([['bs_first', 'password-changed']]));
      await vi.advanceTimersByTimeAsync(10 * RECONNECT_MAX_MS);
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
      expect(connections).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('closes when the last listener leaves, not before', async () => {
    const leaveFirst = listen();
    const leaveSecond = listen();
    await connected(1);
    leaveFirst();
    await Promise.resolve();
    expect(last().aborted).toBe(false);
    leaveSecond();
    await vi.waitFor(() => expect(last().aborted).toBe(true));
    expect(connections).toHaveLength(1);
  });

  it('keeps the connection when one listener hands over to another at once', async () => {
    const leave = listen();
    await connected(1);
    leave();
    listen();
    await Promise.resolve();
    await Promise.resolve();
    expect(last().aborted).toBe(false);
    expect(connections).toHaveLength(1);
  });

  it('closes offline and opens again online at once, resuming', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const heard: UserEvent[] = [];
    listen((event) => heard.push(event));
    await Promise.resolve();
    expect(connections).toHaveLength(0);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await connected(1);
    last().send(event(3, requestEvent('r-3')));
    await vi.waitFor(() => expect(heard).toHaveLength(1));

    online.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await vi.waitFor(() => expect(last().aborted).toBe(true));
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await connected(2);
    expect(last().headers.get('Last-Event-ID')).toBe('3');
  });

  it('lets the connection go after a minute hidden, and opens it again, resuming, when shown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    listen();
    await connected(1);
    last().send(event(4, requestEvent('r-4')));
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(HIDDEN_CLOSE_MS - 1000);
    expect(last().aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(last().aborted).toBe(true);

    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await connected(2);
    expect(last().headers.get('Last-Event-ID')).toBe('4');
  });

  it('waits for a session, and follows another session on a stream of its own', async () => {
    clearSession();
    const heard: UserEvent[] = [];
    listen((event) => heard.push(event));
    await Promise.resolve();
    expect(connections).toHaveLength(0);

    writeSession('user-1', 'bs_first');
    // A part that follows the person signed in subscribes again when they change.
    listen();
    await connected(1);
    last().send(event(5, requestEvent('r-5')));
    await vi.waitFor(() => expect(heard).toHaveLength(1));

    // Another person signs in (here or in another tab): what the old session's stream says next is not theirs.
    writeSession('user-2', 'bs_second');
    last().send(event(6, requestEvent('r-6')));
    await connected(2);
    expect(connections[0]!.aborted).toBe(true);
    expect(last().headers.get('Authorization')).toBe('Bearer bs_second');
    expect(last().headers.has('Last-Event-ID')).toBe(false);
    expect(heard).toEqual([requestEvent('r-5')]);

    clearSession();
    last().send(': keep-alive\n\n');
    await vi.waitFor(() => expect(last().aborted).toBe(true));
    expect(connections).toHaveLength(2);
  });
});

describe('the wait before trying again', () => {
  it('doubles from a second up to 30 seconds, half of it random', () => {
    expect([1, 2, 3, 6, 7, 50].map((failures) => reconnectDelayMs(failures, undefined, () => 1))).toEqual([
      1000, 2000, 4000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(1, undefined, () => 0)).toBe(500);
    expect(reconnectDelayMs(6, undefined, () => 0)).toBe(15_000);
  });

  it('starts from the wait the server asked for (retry:), which may be longer than 30 seconds', () => {
    expect(reconnectDelayMs(1, 5000, () => 1)).toBe(5000);
    expect(reconnectDelayMs(1, 5000, () => 0)).toBe(2500);
    expect(reconnectDelayMs(2, 5000, () => 1)).toBe(10_000);
    expect(reconnectDelayMs(9, 60_000, () => 1)).toBe(60_000);
  });
});
