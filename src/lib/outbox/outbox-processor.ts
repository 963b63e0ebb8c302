import { HTTPError, TimeoutError } from 'ky';
import {
  afterFailedAttempt,
  classifyFailure,
  nextDueItem,
  nextWakeAt,
  OUTBOX_BACKOFF_MAX_MS,
  UNREADABLE_OUTBOX_ITEM_MESSAGE,
  type AttemptFailure,
  type OutboxKind,
} from '@/domain/outbox';
import type { PhotoUploadProgress } from '@/domain/upload-progress';
import { readSession } from '../session-cookies';
import { UploadError } from '../upload-with-progress';
import { markOutboxEmpty } from './outbox-in-use-flag';
import { clearOutboxSenders, OutboxItemRefused, outboxSenderLoader, type OutboxSentResult } from './outbox-senders';

// Senders are configured in ./outbox-senders.ts; these names stay importable from here.
export {
  OutboxItemRefused,
  registerOutboxSender,
  type OutboxSendContext,
  type OutboxSender,
  type OutboxSentResult,
} from './outbox-senders';
import {
  claimOutboxItem,
  listOutboxItems,
  removeOutboxItem,
  resetInterruptedItems,
  saveOutboxProgress,
  updateOutboxItem,
  type OutboxItem,
  type StoredOutboxItem,
} from './outbox-db';

/**
 * Sends what waits in the outbox, one item at a time, oldest first (rules in src/domain/outbox.ts). One sender at
 * a time, a tab or the service worker (a Web Lock they share), so two never send the same item side by side; the
 * server's Idempotency-Key check makes even that harmless. Each kind's sending steps come from its feature through
 * `registerOutboxSender`, loaded on first use so that no page carries every feature's code.
 */

export type OutboxEvent =
  | { type: 'sending'; itemId: number }
  | { type: 'upload-progress'; itemId: number; fraction: number; photos?: PhotoUploadProgress | undefined }
  | { type: 'sent'; itemId: number; result: OutboxSentResult }
  | { type: 'failed'; itemId: number; message: string }
  | { type: 'retry-later'; itemId: number; reason: string }
  | { type: 'needs-sign-in'; itemId: number };

const listeners = new Set<(event: OutboxEvent) => void>();
const OUTBOX_LOCK = 'basha-outbox';

/** Hears every step of every attempt; answers the unsubscribe function. */
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: OutboxEvent): void {
  for (const listener of [...listeners]) listener(event);
}

let running: Promise<void> | undefined;
let runAgain = false;
let wakeTimer: ReturnType<typeof setTimeout> | undefined;
let sendingItemId: number | undefined;

let leaving = false;

/**
 * The page is being left (pagehide), or is back (pageshow from the back-forward cache). A request the browser cuts
 * off as the page goes says nothing about the connection or the item: counted as a failed attempt, it would push
 * the item's next try out by its backoff, and the next page would find it not yet due.
 */
export function notePageLeaving(value: boolean): void {
  leaving = value;
}

/** True while this tab is in the middle of sending an item (leaving the page would interrupt it). */
export function isOutboxSending(): boolean {
  return sendingItemId !== undefined;
}

/**
 * Sends every item that is due. Calls while a run is going join it (and make it look once more at the end),
 * so however often the triggers fire, one run at a time works through the queue.
 */
export function flushOutbox(): Promise<void> {
  if (running) {
    runAgain = true;
    return running;
  }
  running = (async () => {
    do {
      runAgain = false;
      await underOutboxLock(sendDueItems);
    } while (runAgain);
  })()
    .catch((error: unknown) => console.error('The outbox could not be processed', error))
    .finally(() => {
      running = undefined;
      void scheduleWake();
    });
  return running;
}

/**
 * One run through the queue for the service worker (Background Sync, maybe with no page open). It waits for a tab
 * that holds the outbox only `lockWaitMs` (a tab being closed lets go at once; one that is sending a large post
 * goes on, and the browser fires the sync again later), and leaves no timer behind. Answers 'busy' when it did not
 * get the outbox, or when Web Locks are missing and so one sender at a time cannot be ensured.
 */
export async function sendOutboxOnce(lockWaitMs: number): Promise<'done' | 'busy'> {
  if (typeof navigator === 'undefined' || !navigator.locks) return 'busy';
  try {
    return await navigator.locks.request(OUTBOX_LOCK, { signal: AbortSignal.timeout(lockWaitMs) }, async () => {
      await sendDueItems();
      return 'done' as const;
    });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'busy';
    throw error;
  }
}

async function underOutboxLock(work: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request(OUTBOX_LOCK, work);
  } else {
    await work();
  }
}

/** The items this tab may send: the signed-in person's own, and visitors' posts. */
function sendableBy(items: StoredOutboxItem[]): StoredOutboxItem[] {
  const selfId = readSession()?.userId;
  return items.filter((item) => item.ownerId === null || item.ownerId === selfId);
}

async function sendDueItems(): Promise<void> {
  // Holding the lock, any item still marked as sending belongs to a tab that closed mid-attempt.
  await resetInterruptedItems();
  for (;;) {
    const items = await listOutboxItems();
    if (items.length === 0) markOutboxEmpty();
    // Known to be offline: an attempt could only fail, and would show the post as being sent meanwhile (a sender's
    // code that cannot load takes up to SENDER_LOAD_TIMEOUT_MS to fail). The online event and Background Sync send.
    if (isKnownOffline()) return;
    const item = nextDueItem(sendableBy(items), Date.now());
    if (!item) return;
    // In order: when the head has to wait (connection, server, sign-in), everything behind it waits too.
    if (!item.readable) await setAside(item.id);
    else if ((await attempt(item)) === 'waiting') return;
  }
}

/** `navigator.onLine` is only trusted when false (in a page and in a service worker): true only means a network
 * interface is up. */
export function isKnownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** An item this version cannot read is never sent: it waits for the person to discard it, saying why. */
async function setAside(itemId: number): Promise<void> {
  await updateOutboxItem(itemId, { status: 'failed', lastError: UNREADABLE_OUTBOX_ITEM_MESSAGE });
  emit({ type: 'failed', itemId, message: UNREADABLE_OUTBOX_ITEM_MESSAGE });
}

async function attempt<K extends OutboxKind>(
  item: OutboxItem<K>,
): Promise<'sent' | 'failed' | 'waiting' | 'taken-back'> {
  const itemId = item.id;
  // The person may have taken it back to edit (or discarded it) since the queue was read.
  if (!(await claimOutboxItem(itemId))) return 'taken-back';
  sendingItemId = itemId;
  emit({ type: 'sending', itemId });
  try {
    const load = outboxSenderLoader(item.kind);
    if (!load) throw new Error(`No sender is registered for outbox items of kind ${item.kind}`);
    const send = await withTimeout(load(), SENDER_LOAD_TIMEOUT_MS);
    const result = await send(item, {
      saveProgress: async (progress) => {
        await saveOutboxProgress(itemId, progress);
        item.progress = { ...item.progress, ...progress };
      },
      reportUploadProgress: (fraction, photos) => emit({ type: 'upload-progress', itemId, fraction, photos }),
    });
    await removeOutboxItem(itemId);
    emit({ type: 'sent', itemId, result });
    return 'sent';
  } catch (error) {
    if (leaving) {
      // Not an attempt that failed: the item waits, due as it was and its attempts as they were, for the next page.
      await updateOutboxItem(itemId, { status: 'waiting' });
      return 'waiting';
    }
    const outcome = classifyFailure(await describeFailure(error));
    if (outcome.type === 'sent') return 'sent';
    const next = afterFailedAttempt(item, outcome, Date.now());
    await updateOutboxItem(itemId, next);
    if (outcome.type === 'refused') {
      emit({ type: 'failed', itemId, message: outcome.message });
      return 'failed';
    }
    if (outcome.type === 'needs-sign-in') emit({ type: 'needs-sign-in', itemId });
    else emit({ type: 'retry-later', itemId, reason: outcome.reason });
    return 'waiting';
  } finally {
    sendingItemId = undefined;
  }
}

/**
 * A sender's code that cannot be fetched (offline, before the service worker has it) may never settle in some
 * browsers: after this long the attempt counts as a network failure and is retried later.
 */
const SENDER_LOAD_TIMEOUT_MS = 10_000;

/**
 * How browsers (Chrome, Firefox, Safari in turn) and Vite, preloading a chunk's CSS, report a code chunk that
 * could not be fetched. The browsers' errors are TypeErrors; the messages also catch one that was re-thrown as
 * a plain Error on its way, and Vite's, which is one.
 */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** A chunk that could not be fetched as a TypeError (a network failure to `describeFailure`), else the error. */
function senderLoadFailure(error: unknown): unknown {
  if (error instanceof TypeError) return error;
  if (error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message)) return new TypeError(error.message);
  // Anything else is a bug in the sender's module: it keeps its type, so that it is logged and retried with
  // backoff rather than taken for a lost connection.
  return error;
}

/** The sender, or a TypeError when its code did not arrive in time. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TypeError('Loading the sender took too long')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(senderLoadFailure(error));
      },
    );
  });
}

/** What the transport saw, whichever client made the call (ky, the XHR upload, or a sender's own check). */
export async function describeFailure(error: unknown): Promise<AttemptFailure> {
  if (error instanceof HTTPError) {
    let message: string | undefined;
    try {
      const body = (await error.response.clone().json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: a proxy's page, say.
    }
    return { status: error.response.status, message, retryAfter: error.response.headers.get('Retry-After') };
  }
  if (error instanceof UploadError) return { status: error.status, message: error.serverMessage, slow: error.slow };
  if (error instanceof OutboxItemRefused) return { status: 400, message: error.message };
  if (error instanceof TimeoutError || error instanceof TypeError) return { status: 0 };
  if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'NetworkError')) {
    return { status: 0 };
  }
  // Anything else is unexpected on our side (a storage hiccup, say): log it and try again later.
  console.error('An outbox attempt failed unexpectedly', error);
  return { status: 500, message: error instanceof Error ? error.message : String(error) };
}

/** Wakes the processor when the first waiting item's backoff ends. */
async function scheduleWake(): Promise<void> {
  clearTimeout(wakeTimer);
  // A page being left does not start again what it just put back (it is due now, so it would try at once, over and
  // over, should the page live on); the next page, or this one shown again, sends it.
  if (leaving) return;
  const at = nextWakeAt(sendableBy(await listOutboxItems()));
  if (at === undefined) return;
  const wait = Math.min(Math.max(0, at - Date.now()), OUTBOX_BACKOFF_MAX_MS);
  wakeTimer = setTimeout(() => void flushOutbox(), wait);
}

/** For tests: forget timers and listeners between cases. */
export function resetOutboxProcessor(): void {
  clearTimeout(wakeTimer);
  listeners.clear();
  clearOutboxSenders();
  runAgain = false;
  leaving = false;
}
