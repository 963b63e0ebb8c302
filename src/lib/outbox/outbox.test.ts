import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { HTTPError, type NormalizedOptions } from 'ky';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxKind } from '@/domain/outbox';
import type { OutboxPayload } from '@/domain/outbox-payloads';
import { aLandingMessage, aRentAdPayload, aReviewPayload } from '@/domain/outbox-payloads.fixtures';
import {
  OUTBOX_DB_NAME,
  claimOutboxItem,
  closeOutboxDb,
  getOutboxItem,
  isOutboxItemOf,
  listOutboxItems,
  updateOutboxItem,
  type OutboxItem,
  type StoredOutboxItem,
} from './outbox-db';
import { UNREADABLE_OUTBOX_ITEM_MESSAGE } from '@/domain/outbox';
import {
  discardOutboxItem,
  enqueueOutboxItem,
  holdForEditing,
  OutboxStorageFull,
  postToOutbox,
  retryOutbox,
  sendAsItIs,
  sendOutboxItemNow,
} from './outbox';
import {
  flushOutbox,
  notePageLeaving,
  onOutboxEvent,
  OutboxItemRefused,
  registerOutboxSender,
  type OutboxSender,
} from './outbox-processor';
import { makeWaitingItemsDue, emptyOutboxBeforeEachTest } from './outbox-test-support';

/** A server answer as ky reports it. */
function httpError(status: number, message: string, headers: Record<string, string> = {}): HTTPError {
  const response = new Response(JSON.stringify({ success: false, message }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
  return new HTTPError(response, new Request('http://basha.test/api'), {} as NormalizedOptions);
}

const offline = () => new TypeError('Failed to fetch');

/** A sender that answers each call with the next scripted step, and records what it was given. */
function scriptedSender(steps: Array<() => unknown>) {
  const calls: Array<{ key: string; progress: Record<string, unknown>; payload: unknown }> = [];
  const sender: OutboxSender = async (item) => {
    calls.push({ key: item.key, progress: { ...item.progress }, payload: item.payload });
    const step = steps.shift();
    const value = step?.();
    if (value instanceof Error) throw value;
    return { message: 'Done!', data: { n: calls.length } };
  };
  return { sender, calls };
}

function queue<K extends OutboxKind>(kind: K, payload: OutboxPayload<K>, files: Blob[] = []) {
  return enqueueOutboxItem({ kind, ownerId: null, label: `A ${kind}`, payload, files });
}

const queueReview = (feedback?: string) => queue('review', aReviewPayload(feedback));

/** What an item says: a review's feedback, a message's sender. */
function said(item: StoredOutboxItem): string {
  if (isOutboxItemOf(item, 'review')) return item.payload.feedback;
  if (isOutboxItemOf(item, 'landing-feedback')) return item.payload.name;
  return item.kind;
}

emptyOutboxBeforeEachTest();

describe('the outbox', () => {
  it('sends a queued item with its Idempotency-Key and then forgets it', async () => {
    const { sender, calls } = scriptedSender([() => undefined]);
    registerOutboxSender('review', async () => sender);
    const item = await queue('review', aReviewPayload());
    expect(item.key).toMatch(/^[0-9a-f-]{36}$/);

    const outcome = await sendOutboxItemNow(item.id);

    expect(outcome).toEqual({ type: 'sent', result: { message: 'Done!', data: { n: 1 } } });
    expect(calls).toEqual([{ key: item.key, progress: {}, payload: aReviewPayload() }]);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('keeps an item after a network error, backs off, and retries with the same key', async () => {
    const { sender, calls } = scriptedSender([offline, offline, () => undefined]);
    registerOutboxSender('review', async () => sender);
    const item = await queueReview();

    expect(await sendOutboxItemNow(item.id)).toEqual({ type: 'queued', reason: 'offline' });
    const waiting = await getOutboxItem(item.id);
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 1, lastError: 'No connection' });
    expect(waiting!.nextAttemptAt).toBeGreaterThan(Date.now());

    await flushOutbox(); // not due yet: nothing is sent
    expect(calls).toHaveLength(1);

    await makeWaitingItemsDue();
    await flushOutbox();
    expect(await getOutboxItem(item.id)).toMatchObject({ attempts: 2 });
    await makeWaitingItemsDue();
    await flushOutbox();

    expect(calls.map((call) => call.key)).toEqual([item.key, item.key, item.key]);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('does not count a send cut off by the page being left: the next page finds the item due, its attempts unchanged', async () => {
    const aborted = () => {
      notePageLeaving(true);
      return new DOMException('The user aborted a request.', 'AbortError');
    };
    const { sender, calls } = scriptedSender([aborted, () => undefined]);
    registerOutboxSender('review', async () => sender);
    const item = await queueReview();
    const later = await queueReview('A second review, behind the first');

    await flushOutbox();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1); // the page is going: the run stops there, and no timer starts it again
    expect(await getOutboxItem(item.id)).toMatchObject({
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: item.nextAttemptAt,
    });
    expect((await getOutboxItem(item.id))?.lastError).toBeUndefined();

    // The next page (here: the page shown again).
    notePageLeaving(false);
    await flushOutbox();
    expect(calls.map((call) => call.key)).toEqual([item.key, item.key, later.key]);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('answers at once while the browser knows it is offline, and sends the item once it is back', async () => {
    const { sender, calls } = scriptedSender([() => undefined]);
    registerOutboxSender('review', async () => sender);
    const item = await queueReview();
    vi.stubGlobal('navigator', { onLine: false });
    try {
      expect(await sendOutboxItemNow(item.id)).toEqual({ type: 'queued', reason: 'offline' });
      expect(calls).toHaveLength(0);
      expect(await getOutboxItem(item.id)).toMatchObject({ status: 'waiting', attempts: 0 });
    } finally {
      vi.unstubAllGlobals();
    }

    await flushOutbox();
    expect(calls.map((call) => call.key)).toEqual([item.key]);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('makes no attempt while the browser knows it is offline: no post shows as being sent, and none is counted', async () => {
    const { sender, calls } = scriptedSender([() => undefined]);
    registerOutboxSender('review', async () => sender);
    const item = await queueReview();
    const seen: string[] = [];
    const stop = onOutboxEvent((event) => seen.push(event.type));
    vi.stubGlobal('navigator', { onLine: false });
    try {
      await retryOutbox(); // Retry, the wake timer or the page coming back to the foreground, all while offline
      expect(seen).toEqual([]);
      expect(calls).toHaveLength(0);
      expect(await getOutboxItem(item.id)).toMatchObject({ status: 'waiting', attempts: 0 });
    } finally {
      vi.unstubAllGlobals();
    }

    await flushOutbox();
    stop();
    expect(seen).toEqual(['sending', 'sent']);
    expect(await listOutboxItems()).toEqual([]);
  });

  it.each([
    ["the browser's", new TypeError('Failed to fetch dynamically imported module: http://basha.test/review.js')],
    ["Vite's", new Error('Unable to preload CSS for /assets/review.css')],
  ])('takes a sender whose code cannot be fetched for a lost connection (%s error)', async (_label, error) => {
    registerOutboxSender('review', () => Promise.reject(error));
    const item = await queueReview();

    expect(await sendOutboxItemNow(item.id)).toEqual({ type: 'queued', reason: 'offline' });
    expect(await getOutboxItem(item.id)).toMatchObject({ status: 'waiting', attempts: 1, lastError: 'No connection' });
  });

  it('records a bug while loading a sender as that error, not as a lost connection', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerOutboxSender('review', () => Promise.reject(new Error('boom')));
    const item = await queueReview();

    await flushOutbox();

    expect(await getOutboxItem(item.id)).toMatchObject({ status: 'waiting', attempts: 1, lastError: 'boom' });
    expect(logged).toHaveBeenCalledWith('An outbox attempt failed unexpectedly', expect.any(Error));
    logged.mockRestore();
  });

  it('retries 5xx, 429 and a busy 409, but stops on a refusal with the server’s reason', async () => {
    const { sender, calls } = scriptedSender([
      () => httpError(503, 'Down for a moment'),
      () => httpError(429, 'Too many', { 'Retry-After': '1' }),
      () => httpError(409, 'Still processing', { 'Retry-After': '2' }),
      () => httpError(400, 'Feedback must be at least 10 characters.'),
    ]);
    registerOutboxSender('review', async () => sender);
    const item = await queueReview();
    for (let i = 0; i < 3; i += 1) {
      await makeWaitingItemsDue();
      await flushOutbox();
      expect((await getOutboxItem(item.id))?.status).toBe('waiting');
    }
    await makeWaitingItemsDue();
    await flushOutbox();

    expect(calls).toHaveLength(4);
    expect(await getOutboxItem(item.id)).toMatchObject({
      status: 'failed',
      lastError: 'Feedback must be at least 10 characters.',
    });
    await flushOutbox(); // a failed item waits for the person: no more attempts
    expect(calls).toHaveLength(4);
  });

  it('waits for sign-in on a 401 without counting it against the item', async () => {
    const { sender } = scriptedSender([() => httpError(401, 'Unauthorized'), () => undefined]);
    registerOutboxSender('review', async () => sender);
    const item = await queueReview();
    expect(await sendOutboxItemNow(item.id)).toEqual({ type: 'queued', reason: 'sign-in' });
    expect(await getOutboxItem(item.id)).toMatchObject({ status: 'waiting', attempts: 0 });
    await retryOutbox();
    expect(await listOutboxItems()).toEqual([]);
  });

  it('resumes after the photo step: a retry does not upload the photos again', async () => {
    let uploads = 0;
    let creates = 0;
    const sendRentAd: OutboxSender = async (item, context) => {
      let urls = item.progress.imageUrls;
      if (!urls) {
        uploads += 1;
        urls = item.files.map((_, i) => `/uploads/rent/${i}.webp`);
        await context.saveProgress({ imageUrls: urls });
      }
      creates += 1;
      if (creates === 1) throw httpError(502, 'Bad gateway');
      return { message: 'Property ad posted successfully!', data: { imageUrls: urls } };
    };
    registerOutboxSender('rent-ad', async () => sendRentAd);
    const photos = [new Blob(['a']), new Blob(['b']), new Blob(['c'])];
    const item = await queue('rent-ad', aRentAdPayload(), photos);

    await flushOutbox();
    expect(await getOutboxItem(item.id)).toMatchObject({ progress: { imageUrls: expect.any(Array) } });
    await makeWaitingItemsDue();
    await flushOutbox();

    expect({ uploads, creates }).toEqual({ uploads: 1, creates: 2 });
    expect(await listOutboxItems()).toEqual([]);
  });

  it('keeps photos as Blobs across a restart of the database', async () => {
    await queue('rent-ad', aRentAdPayload({ city: 'Khulna' }), [new Blob(['photo-bytes'], { type: 'image/webp' })]);
    closeOutboxDb();
    const [item] = await listOutboxItems();
    expect(item?.payload).toEqual(aRentAdPayload({ city: 'Khulna' }));
    expect(item?.files[0]).toBeInstanceOf(Blob);
    expect(await item!.files[0]!.text()).toBe('photo-bytes');
  });

  it('sends in the order items were queued, and a refused item does not hold up the rest', async () => {
    const sent: string[] = [];
    const sender: OutboxSender = async (item: OutboxItem) => {
      if (said(item) === 'bad') throw new OutboxItemRefused('Not like this');
      sent.push(said(item));
      return { message: 'ok' };
    };
    registerOutboxSender('review', async () => sender);
    registerOutboxSender('landing-feedback', async () => sender);
    await queueReview('first');
    await queue('landing-feedback', aLandingMessage('bad'));
    await queueReview('third');
    await queue('landing-feedback', aLandingMessage('fourth'));

    await flushOutbox();

    expect(sent).toEqual(['first', 'third', 'fourth']);
    const left = await listOutboxItems();
    expect(left.map((item) => [said(item), item.status, item.lastError])).toEqual([['bad', 'failed', 'Not like this']]);
    await discardOutboxItem(left[0]!.id!);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('holds later items while the first one waits out its backoff', async () => {
    const sent: string[] = [];
    let failFirst = true;
    registerOutboxSender('review', async () => async (item) => {
      if (said(item) === 'first' && failFirst) {
        failFirst = false;
        throw offline();
      }
      sent.push(said(item));
      return { message: 'ok' };
    });
    await queueReview('first');
    await queueReview('second');

    await flushOutbox();
    expect(sent).toEqual([]);
    await makeWaitingItemsDue();
    await flushOutbox();
    expect(sent).toEqual(['first', 'second']);
  });

  it('picks up an item whose attempt was cut off by a closed tab', async () => {
    const { sender, calls } = scriptedSender([() => undefined]);
    registerOutboxSender('review', async () => sender);
    const item = await queueReview();
    await updateOutboxItem(item.id, { status: 'sending' });
    await flushOutbox();
    expect(calls).toHaveLength(1);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('does not send an item held for editing, lets the rest pass, and sends it once released as it is', async () => {
    const sent: string[] = [];
    registerOutboxSender('review', async () => async (item) => {
      sent.push(said(item));
      return { message: 'ok' };
    });
    const held = await queueReview('held');
    await queueReview('next');

    expect(await holdForEditing(held.id)).toBe(true);
    await retryOutbox();
    expect(sent).toEqual(['next']);
    expect((await getOutboxItem(held.id))?.status).toBe('held');

    await sendAsItIs(held.id);
    expect(sent).toEqual(['next', 'held']);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('neither holds nor discards an item while it is being sent: it is too late, and it arrives', async () => {
    let finish: () => void = () => undefined;
    registerOutboxSender('review', async () => async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return { message: 'ok' };
    });
    const item = await queueReview('on its way');
    const sending = flushOutbox();
    await vi.waitFor(async () => expect((await getOutboxItem(item.id))?.status).toBe('sending'));

    expect(await holdForEditing(item.id)).toBe(false);
    expect(await discardOutboxItem(item.id)).toBe(false);
    finish();
    await sending;
    expect(await listOutboxItems()).toEqual([]);
  });

  it('claims only a waiting item, so an Edit that wins the race keeps the item from being sent', async () => {
    const item = await queueReview();
    expect(await holdForEditing(item.id)).toBe(true);
    // The processor read the queue before the Edit; its claim is what meets the Edit now.
    expect(await claimOutboxItem(item.id)).toBe(false);
    expect((await getOutboxItem(item.id))?.status).toBe('held');
    const other = await queueReview();
    expect(await claimOutboxItem(other.id)).toBe(true);
    expect((await getOutboxItem(other.id))?.status).toBe('sending');
  });
});

/** Writes a row as another version of the app might have: straight into IndexedDB, past the outbox's checks. */
async function storeRaw(row: Record<string, unknown>): Promise<number> {
  const raw = new Dexie(OUTBOX_DB_NAME);
  raw.version(1).stores({ items: '++id, kind, status' });
  const id = await raw.table('items').add(row);
  raw.close();
  return Number(id);
}

const storedRow = (kind: string, payload: unknown) => ({
  key: 'key-old',
  kind,
  ownerId: null,
  label: 'An old post',
  payload,
  files: [],
  progress: {},
  status: 'waiting',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
});

describe('items read back from the device', () => {
  it('shows an item of the wrong shape or an unknown kind as unreadable, never sends it, and lets it be discarded', async () => {
    const { sender, calls } = scriptedSender([() => undefined]);
    registerOutboxSender('review', async () => sender);
    const wrongShape = await storeRaw(storedRow('review', { stars: 'five' }));
    const unknownKind = await storeRaw(storedRow('job-offer', { title: 'Cook' }));
    const notAnItem = await storeRaw({ something: 'else' });
    const good = await queueReview('Arrived on time, fixed the tap.');

    await flushOutbox();

    // Only the item of this version's contract was sent; the others wait for the person, saying why.
    expect(calls.map((call) => call.key)).toEqual([good.key]);
    const left = await listOutboxItems();
    expect(left.map((item) => [item.id, item.readable, item.status, item.lastError])).toEqual([
      [wrongShape, false, 'failed', UNREADABLE_OUTBOX_ITEM_MESSAGE],
      [unknownKind, false, 'failed', UNREADABLE_OUTBOX_ITEM_MESSAGE],
      [notAnItem, false, 'failed', UNREADABLE_OUTBOX_ITEM_MESSAGE],
    ]);
    expect(left.map((item) => item.payload)).toEqual([undefined, undefined, undefined]);

    await retryOutbox(); // Retry makes refused items due again: these are set aside once more, not sent
    expect(calls).toHaveLength(1);
    for (const item of left) expect(await discardOutboxItem(item.id)).toBe(true);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('still sends an item of the right shape that breaks a rule: the server judges it and says why', async () => {
    const { sender, calls } = scriptedSender([() => httpError(400, 'Feedback must be at least 10 characters.')]);
    registerOutboxSender('review', async () => sender);
    const item = await queueReview('Too short');

    expect(await sendOutboxItemNow(item.id)).toEqual({
      type: 'failed',
      message: 'Feedback must be at least 10 characters.',
    });
    expect(calls).toHaveLength(1);
  });
});

describe('posting through the outbox (the path of every form)', () => {
  const post = (overrides: Partial<Parameters<typeof postToOutbox<'review'>>[0]> = {}) =>
    postToOutbox({
      kind: 'review',
      ownerId: null,
      label: 'Review',
      payload: aReviewPayload(),
      notSavedMessage: 'Could not save it',
      ...overrides,
    });

  it('answers sent with the server’s result, and the item is gone', async () => {
    registerOutboxSender('review', async () => scriptedSender([() => undefined]).sender);
    expect(await post()).toMatchObject({ type: 'sent', result: { message: 'Done!' } });
    expect(await listOutboxItems()).toEqual([]);
  });

  it('answers a refusal with the server’s reason and drops the item (the form still holds it)', async () => {
    registerOutboxSender('review', async () => scriptedSender([() => httpError(400, 'Not like this')]).sender);
    expect(await post()).toEqual({ type: 'refused', message: 'Not like this' });
    expect(await listOutboxItems()).toEqual([]);
  });

  it('keeps a post the server could not take and says it will retry, not that the phone is offline', async () => {
    registerOutboxSender('review', async () => scriptedSender([() => httpError(503, 'Down for a moment')]).sender);
    const outcome = await post();
    expect(outcome).toMatchObject({ type: 'queued', reason: 'server' });
    expect(outcome.type === 'queued' && outcome.message).toBe(
      'The server had a problem; your review is saved on this phone and Basha will retry.',
    );
    expect(await listOutboxItems()).toHaveLength(1);
  });

  it('says offline when there is no connection', async () => {
    registerOutboxSender('review', async () => scriptedSender([offline]).sender);
    expect(await post()).toMatchObject({
      type: 'queued',
      reason: 'offline',
      message: expect.stringMatching(/^You are offline/),
    });
  });

  it('replaces the item taken back to edit once the new one is saved', async () => {
    registerOutboxSender('review', async () => scriptedSender([offline, offline]).sender);
    const old = await queueReview('The first try at this review');
    expect(await holdForEditing(old.id)).toBe(true);
    await post({ replaces: old.id, payload: aReviewPayload('The fixed review, longer') });
    expect((await listOutboxItems()).map(said)).toEqual(['The fixed review, longer']);
  });

  it('shows a change only once the post is kept, and sends it after that (a page left in between loses nothing)', async () => {
    const { sender, calls } = scriptedSender([() => undefined]);
    registerOutboxSender('review', async () => sender);
    const seen: Array<{ kept: string[]; sent: number }> = [];
    const outcome = await post({
      onQueued: async () => {
        seen.push({ kept: (await listOutboxItems()).map(said), sent: calls.length });
      },
    });
    expect(seen).toEqual([{ kept: [aReviewPayload().feedback], sent: 0 }]);
    expect(outcome).toMatchObject({ type: 'sent' });
  });

  it('changes nothing on the page when the post could not be kept', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const onQueued = vi.fn();
    try {
      expect(await post({ onQueued })).toMatchObject({ type: 'not-saved' });
    } finally {
      add.mockRestore();
      logged.mockRestore();
    }
    expect(onQueued).not.toHaveBeenCalled();
  });

  it('answers not-saved, with the storage words, when the phone is full', async () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw quota;
    });
    try {
      expect(await post()).toEqual({ type: 'not-saved', message: new OutboxStorageFull().message });
    } finally {
      add.mockRestore();
      logged.mockRestore();
    }
  });
});
