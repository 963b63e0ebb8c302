import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_SELF_ID, COOKIE_SELF_TOKEN } from '../src/domain/constants';
import type { OutboxKind } from '../src/domain/outbox';
import type { OutboxPayload } from '../src/domain/outbox-payloads';
import { aLandingMessage, aRentAdPayload } from '../src/domain/outbox-payloads.fixtures';
import {
  OUTBOX_DB_NAME,
  addOutboxItem,
  closeOutboxDb,
  getOutboxItem,
  listOutboxItems,
  updateOutboxItem,
} from '../src/lib/outbox/outbox-db';
import { resetOutboxProcessor } from '../src/lib/outbox/outbox-processor';
import { readSession } from '../src/lib/session-cookies';
import { sendOutboxFromWorker } from './sw-outbox';

/**
 * The outbox as the service worker sends it on Background Sync, with no page open: the app's own senders, over
 * fetch (a worker has no XMLHttpRequest), as the person whose session cookies the Cookie Store holds, one sender
 * at a time with the tabs (the Web Lock they share).
 */

const SELF = 'user-1';
const TOKEN = `bs_${'a'.repeat(43)}`;
const ORIGIN = 'http://basha.test';

interface ApiCall {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  photo?: string | undefined;
  json?: unknown;
}

/** The API as the worker sees it: records each call and answers as the server would, or fails as told. */
function fakeApi(fail?: (call: ApiCall) => Response | Error | undefined) {
  const calls: ApiCall[] = [];
  let photos = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), ORIGIN), init);
    const call: ApiCall = {
      method: request.method,
      path: new URL(request.url).pathname,
      authorization: request.headers.get('Authorization'),
      idempotencyKey: request.headers.get('Idempotency-Key'),
    };
    if (call.path.startsWith('/api/v1/image/')) {
      const photo = (await request.formData()).get('propertyImage');
      call.photo = photo instanceof Blob ? await photo.text() : undefined;
    } else {
      call.json = await request.json();
    }
    calls.push(call);
    const failure = fail?.(call);
    if (failure instanceof Error) throw failure;
    if (failure) return failure;
    if (call.path.startsWith('/api/v1/image/')) return answer({ urls: [`/uploads/photo-${++photos}.jpg`] });
    return answer(undefined, 'Posted!');
  });
  return { fetch, calls };
}

function answer(data: unknown, message = 'OK', status = 200): Response {
  return new Response(JSON.stringify({ success: status < 300, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The Cookie Store of a phone where `cookies` are set. */
function cookieStore(cookies: Record<string, string>) {
  return {
    get: async (query?: string | CookieStoreGetOptions) => {
      const name = typeof query === 'string' ? query : query?.name;
      const value = name === undefined ? undefined : cookies[name];
      return value === undefined ? null : { name, value };
    },
  };
}

const signedIn = cookieStore({ [COOKIE_SELF_ID]: SELF, [COOKIE_SELF_TOKEN]: TOKEN });

/**
 * Web Locks as one origin shares them between its tabs and its worker. The worker waits for a held lock only so
 * long: here a held lock is one that a tab keeps for longer than that.
 */
function webLocks() {
  const held = new Set<string>();
  const request = async (name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>) => {
    if (held.has(name)) {
      if (options.signal) throw new DOMException('The lock was not granted in time', 'TimeoutError');
      throw new Error('This fake does not queue behind a held lock');
    }
    held.add(name);
    try {
      return await callback();
    } finally {
      held.delete(name);
    }
  };
  return { held, request };
}

function queue<K extends OutboxKind>(kind: K, payload: OutboxPayload<K>, ownerId: string | null, files: Blob[] = []) {
  const now = Date.now();
  return addOutboxItem({
    key: crypto.randomUUID(),
    kind,
    ownerId,
    label: `A ${kind}`,
    payload,
    files,
    progress: {},
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  });
}

let locks: ReturnType<typeof webLocks>;

beforeEach(async () => {
  closeOutboxDb();
  await Dexie.delete(OUTBOX_DB_NAME);
  locks = webLocks();
  vi.stubGlobal('navigator', { onLine: true, locks });
  // A worker resolves the API's relative paths against its own origin; Node has no origin to resolve them with.
  const NodeRequest = Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? new URL(input, ORIGIN) : input, init);
      }
    },
  );
});

afterEach(() => {
  resetOutboxProcessor();
  vi.unstubAllGlobals();
});

describe('the service worker sending the outbox', () => {
  it('sends a rent ad with no page open: each photo once by fetch, then the post with the item’s key, as the signed-in person', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    const photos = [
      new Blob(['first photo'], { type: 'image/jpeg' }),
      new Blob(['second photo'], { type: 'image/jpeg' }),
    ];
    const item = await queue('rent-ad', aRentAdPayload(), SELF, photos);

    expect(await sendOutboxFromWorker(signedIn)).toBe(false);

    expect(api.calls.map(({ method, path, photo }) => [method, path, photo])).toEqual([
      ['POST', '/api/v1/image/upload-properties', 'first photo'],
      ['POST', '/api/v1/image/upload-properties', 'second photo'],
      ['POST', '/api/v1/rent/create', undefined],
    ]);
    expect(api.calls.every((call) => call.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(api.calls[2]).toMatchObject({
      idempotencyKey: item.key,
      json: { ...aRentAdPayload().fields, imageUrls: ['/uploads/photo-1.jpg', '/uploads/photo-2.jpg'] },
    });
    expect(await listOutboxItems()).toEqual([]);
    // The session was read for this run only.
    expect(readSession()).toBeUndefined();
  });

  it('resumes after the photos an earlier attempt uploaded, and lifts the backoff now that the connection is back', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    const photos = [new Blob(['first photo']), new Blob(['second photo'])];
    const item = await queue('rent-ad', aRentAdPayload(), SELF, photos);
    await updateOutboxItem(item.id, { attempts: 4, nextAttemptAt: Date.now() + 5 * 60_000 });
    const db = new Dexie(OUTBOX_DB_NAME);
    db.version(1).stores({ items: '++id, kind, status' });
    await db.table('items').update(item.id, { progress: { imageUrls: ['/uploads/earlier.jpg'] } });
    db.close();

    expect(await sendOutboxFromWorker(signedIn)).toBe(false);

    expect(api.calls.map((call) => call.photo ?? call.path)).toEqual(['second photo', '/api/v1/rent/create']);
    expect(api.calls[1]!.json).toMatchObject({ imageUrls: ['/uploads/earlier.jpg', '/uploads/photo-1.jpg'] });
  });

  it('sends only the signed-in person’s posts and visitors’ messages; with no session, only the messages', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    const someoneElses = await queue('rent-ad', aRentAdPayload(), 'user-2', [new Blob(['photo'])]);
    const mine = await queue('landing-feedback', aLandingMessage('Karim'), SELF);
    const visitors = await queue('landing-feedback', aLandingMessage('Rahim'), null);

    expect(await sendOutboxFromWorker(cookieStore({ [COOKIE_SELF_TOKEN]: TOKEN }))).toBe(false);
    expect(api.calls.map((call) => [call.path, call.idempotencyKey, call.authorization])).toEqual([
      ['/api/v1/feedback', visitors.key, null],
    ]);

    expect(await sendOutboxFromWorker(signedIn)).toBe(false);
    expect(api.calls.map((call) => call.idempotencyKey)).toEqual([visitors.key, mine.key]);
    expect((await listOutboxItems()).map((item) => item.id)).toEqual([someoneElses.id]);
  });

  it('sends once when sync events come close together, as the signed-in person to the end', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    await queue('rent-ad', aRentAdPayload(), SELF, [new Blob(['first photo']), new Blob(['second photo'])]);

    expect(await Promise.all([sendOutboxFromWorker(signedIn), sendOutboxFromWorker(signedIn)])).toEqual([false, false]);

    expect(api.calls.map((call) => [call.photo ?? call.path, call.authorization])).toEqual([
      ['first photo', `Bearer ${TOKEN}`],
      ['second photo', `Bearer ${TOKEN}`],
      ['/api/v1/rent/create', `Bearer ${TOKEN}`],
    ]);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('leaves the outbox to a tab that is sending it, and asks to be woken again', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    const item = await queue('landing-feedback', aLandingMessage(), null);
    locks.held.add('basha-outbox');

    expect(await sendOutboxFromWorker(signedIn)).toBe(true);

    expect(api.calls).toEqual([]);
    expect(await getOutboxItem(item.id)).toMatchObject({ status: 'waiting', attempts: 0 });
  });

  it('keeps a post that could not go (the connection dropped again, a server fault) and asks to be woken again', async () => {
    const api = fakeApi((call) =>
      call.path === '/api/v1/feedback' ? answer(undefined, 'Busy', 503) : new TypeError('Failed to fetch'),
    );
    vi.stubGlobal('fetch', api.fetch);
    const message = await queue('landing-feedback', aLandingMessage(), null);

    expect(await sendOutboxFromWorker(signedIn)).toBe(true);
    expect(await getOutboxItem(message.id)).toMatchObject({ status: 'waiting', attempts: 1 });

    await updateOutboxItem(message.id, { status: 'failed' });
    const ad = await queue('rent-ad', aRentAdPayload(), SELF, [new Blob(['photo'])]);
    expect(await sendOutboxFromWorker(signedIn)).toBe(true);
    expect(await getOutboxItem(ad.id)).toMatchObject({ status: 'waiting', attempts: 1, progress: {} });
  });

  it('marks a refused post as refused, for the person to edit or discard, and does not ask to be woken again', async () => {
    const api = fakeApi(() => answer(undefined, 'Please enter a valid email address.', 400));
    vi.stubGlobal('fetch', api.fetch);
    const item = await queue('landing-feedback', aLandingMessage(), null);

    expect(await sendOutboxFromWorker(signedIn)).toBe(false);

    expect(await getOutboxItem(item.id)).toMatchObject({
      status: 'failed',
      lastError: 'Please enter a valid email address.',
    });
  });

  it('does not send without Web Locks, where one sender at a time could not be ensured', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    vi.stubGlobal('navigator', { onLine: true });
    await queue('landing-feedback', aLandingMessage(), null);

    expect(await sendOutboxFromWorker(signedIn)).toBe(true);
    expect(api.calls).toEqual([]);
  });
});
