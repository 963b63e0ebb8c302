import { m } from '@/i18n/generated/messages.js';
import {
  OUTBOX_FLUSH_MESSAGE,
  OUTBOX_SYNC_TAG,
  outboxErrorText,
  queuedMessage,
  retryReason,
  type OutboxKind,
  type QueuedReason,
} from '@/domain/outbox';
import type { OutboxPayload } from '@/domain/outbox-payloads';
import { isOutboxWorkerScope, OUTBOX_WORKER_SCOPE } from '@/domain/worker-caching';
import type { PhotoUploadProgress } from '@/domain/upload-progress';
import {
  addOutboxItem,
  getOutboxItem,
  holdOutboxItem,
  isOutboxItemOf,
  listOutboxItems,
  makeWaitingItemsDue,
  releaseOutboxItem,
  removeOutboxItem,
  removeUnlessSending,
  type OutboxItem,
} from './outbox-db';
import {
  flushOutbox,
  isKnownOffline,
  isOutboxSending,
  notePageLeaving,
  onOutboxEvent,
  type OutboxSentResult,
} from './outbox-processor';
import { markOutboxInUse, requestOfflineSupport } from './outbox-presence';

/**
 * What pages and features do with the outbox: queue a post (online or not, every post takes this path),
 * wait for its first attempt, discard or retry, and the triggers that keep the queue moving (app start,
 * the network coming back, the app returning to the foreground, Background Sync, sign-in).
 */

const PERSIST_ASKED_KEY = 'basha.storagePersistAsked';

export class OutboxStorageFull extends Error {
  constructor() {
    super(m.common_storage_full());
    this.name = 'OutboxStorageFull';
  }
}

export interface NewOutboxItem<K extends OutboxKind> {
  kind: K;
  ownerId: string | null;
  label: string;
  payload: OutboxPayload<K>;
  files?: Blob[];
}

/** Saves a post in the outbox with a fresh Idempotency-Key. Throws OutboxStorageFull when the quota is spent. */
export async function enqueueOutboxItem<K extends OutboxKind>(input: NewOutboxItem<K>): Promise<OutboxItem<K>> {
  const now = Date.now();
  let item: OutboxItem<K>;
  try {
    item = await addOutboxItem({
      key: crypto.randomUUID(),
      kind: input.kind,
      ownerId: input.ownerId,
      label: input.label,
      payload: input.payload,
      files: input.files ?? [],
      progress: {},
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
  } catch (error) {
    if (isQuotaError(error)) throw new OutboxStorageFull();
    throw error;
  }
  markOutboxInUse();
  requestOfflineSupport();
  void askForPersistentStorage();
  void registerBackgroundSync();
  return item;
}

/**
 * Queues an edit of one record (a service, a profile) and drops the older unsent edits of the same record. Each
 * edit carries every editable field, so an older one that has not gone yet is pointless. One already being sent
 * (perhaps in another tab) is left alone: it reaches the server first and the newer one after it (the queue keeps
 * its order), so the record still ends as last edited. Nothing is lost and nothing is sent twice.
 */
export async function enqueueReplacingEdits<K extends OutboxKind>(
  input: NewOutboxItem<K>,
  sameRecord: (item: OutboxItem<K>) => boolean,
): Promise<OutboxItem<K>> {
  // The new edit is saved first: if anything below fails, the older one is still there, never neither.
  const item = await enqueueOutboxItem(input);
  const older = (await listOutboxItems()).filter(
    (each): each is OutboxItem<K> =>
      isOutboxItemOf(each, input.kind) &&
      each.id < item.id &&
      each.ownerId === input.ownerId &&
      each.status !== 'sending' &&
      sameRecord(each),
  );
  // Should the processor take one of them up meanwhile, it still sends it before the new one: in order.
  await Promise.all(older.map((each) => removeOutboxItem(each.id)));
  return item;
}

/** Dexie wraps the browser's error in its own, keeping it as `inner`. */
function isQuotaError(error: unknown): boolean {
  const nameOf = (value: unknown) => (value instanceof Error || value instanceof DOMException ? value.name : undefined);
  const inner = error instanceof Error && 'inner' in error ? error.inner : undefined;
  return nameOf(error) === 'QuotaExceededError' || nameOf(inner) === 'QuotaExceededError';
}

/** The outcome of the first attempt: sent, refused (the person must fix it), or left waiting in the queue. */
export type FirstAttempt =
  | { type: 'sent'; result: OutboxSentResult }
  | { type: 'failed'; message: string }
  | { type: 'queued'; reason: QueuedReason };

/**
 * Sends the queue now and tells how the given item fared. The item may stay queued: no connection, a server
 * fault (it will be retried), or older items ahead of it that still wait.
 */
export async function sendOutboxItemNow(itemId: number): Promise<FirstAttempt> {
  // Known to be offline: say so at once. An attempt could sit behind a run already under way and report
  // back only once the connection returns, keeping the person's form waiting on a post that is safe here.
  if (isKnownOffline()) return { type: 'queued', reason: 'offline' };
  let outcome: FirstAttempt | undefined;
  const stop = onOutboxEvent((event) => {
    if (event.itemId !== itemId || outcome) return;
    if (event.type === 'sent') outcome = { type: 'sent', result: event.result };
    else if (event.type === 'failed') outcome = { type: 'failed', message: event.message };
    else if (event.type === 'retry-later') outcome = { type: 'queued', reason: retryReason(event) };
    else if (event.type === 'needs-sign-in') outcome = { type: 'queued', reason: 'sign-in' };
  });
  try {
    await flushOutbox();
  } finally {
    stop();
  }
  if (outcome) return outcome;
  // Another tab may have sent it while this one waited for the lock.
  if (!(await getOutboxItem(itemId))) return { type: 'sent', result: { message: '' } };
  return { type: 'queued', reason: isKnownOffline() ? 'offline' : 'behind-others' };
}

/**
 * What came of a post made just now: sent; saved on the phone and waiting (`message` says why, in the person's
 * words); refused by the server (it left the outbox, the form still holds it, `message` is the server's reason);
 * or not saved at all (the phone's storage is full, say).
 */
export type PostOutcome =
  | { type: 'sent'; itemId: number; result: OutboxSentResult }
  | { type: 'queued'; itemId: number; reason: QueuedReason; message: string }
  | { type: 'refused'; message: string }
  | { type: 'not-saved'; message: string };

export interface PostToOutbox<K extends OutboxKind> extends NewOutboxItem<K> {
  /** The item this post replaces (one taken back from the outbox to edit): discarded once the new one is saved. */
  replaces?: number | undefined;
  /** For edits of one record: drop the older unsent edits of the same record (src/lib/outbox/replace-waiting.ts). */
  sameRecord?: ((item: OutboxItem<K>) => boolean) | undefined;
  /** Said when the post could not be saved on the phone for another reason than a full storage. */
  notSavedMessage: string;
  /** Where the item's photos stand while this first attempt sends them. */
  onProgress?: ((fraction: number, photos: PhotoUploadProgress | undefined) => void) | undefined;
  /**
   * Runs once the post is kept in the outbox, before it is sent: where a page shows the change before the server has
   * it (a heart turning on), it shows it here. Shown earlier, the page could be left between the change and the
   * post being kept, and the change would be lost while the person believes it made.
   */
  onQueued?: (() => Promise<void> | void) | undefined;
}

/**
 * Every post's path, for every form: save it in the outbox, then send it at once and report the first attempt.
 * A refused post is discarded (the form keeps it, to fix and publish again); one left waiting goes on by itself.
 */
export async function postToOutbox<K extends OutboxKind>(post: PostToOutbox<K>): Promise<PostOutcome> {
  const { replaces, sameRecord, notSavedMessage, onProgress, onQueued, ...input } = post;
  let itemId: number;
  try {
    itemId = (sameRecord ? await enqueueReplacingEdits(input, sameRecord) : await enqueueOutboxItem(input)).id;
    if (replaces !== undefined) await discardOutboxItem(replaces);
  } catch (error) {
    console.error(`The ${input.kind} could not be saved on this device`, error);
    return { type: 'not-saved', message: error instanceof OutboxStorageFull ? error.message : notSavedMessage };
  }
  await onQueued?.();
  const stop = onOutboxEvent((event) => {
    if (event.itemId === itemId && event.type === 'upload-progress') onProgress?.(event.fraction, event.photos);
  });
  const outcome = await sendOutboxItemNow(itemId).finally(stop);
  if (outcome.type === 'failed') {
    await discardOutboxItem(itemId);
    return { type: 'refused', message: outboxErrorText(outcome.message) };
  }
  if (outcome.type === 'sent') return { type: 'sent', itemId, result: outcome.result };
  return { type: 'queued', itemId, reason: outcome.reason, message: queuedMessage(input.kind, outcome.reason) };
}

/**
 * Discards an item the person no longer wants sent (or that an edit replaced). Answers false, and keeps it, when
 * it is being sent at this moment: then it is too late, and it arrives.
 */
export async function discardOutboxItem(itemId: number): Promise<boolean> {
  return removeUnlessSending(itemId);
}

/**
 * Takes a waiting or refused item out of the queue while the person edits it (its form opens with it), so it is
 * not sent behind their back and then again as the edit. Answers false when it is being sent right now.
 */
export async function holdForEditing(itemId: number): Promise<boolean> {
  return holdOutboxItem(itemId);
}

/** Puts a held or refused item back in the queue as it is, and sends the queue. */
export async function sendAsItIs(itemId: number): Promise<void> {
  await releaseOutboxItem(itemId, Date.now());
  await flushOutbox();
}

/** Retry: every waiting item is due now, and refused ones get another try as well. */
export async function retryOutbox(): Promise<void> {
  await makeWaitingItemsDue(Date.now(), { includeFailed: true });
  await flushOutbox();
}

/** The network or a session came back: waiting items need not sit out the rest of their backoff. */
export async function resumeOutbox(): Promise<void> {
  await makeWaitingItemsDue(Date.now(), { includeFailed: false });
  await flushOutbox();
}

/** Starts the triggers; answers a function that stops them. */
export function startOutbox(): () => void {
  const onOnline = () => void resumeOutbox();
  const onVisible = () => document.visibilityState === 'visible' && void flushOutbox();
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | undefined)?.type === OUTBOX_FLUSH_MESSAGE) void flushOutbox();
  };
  // Leaving while a post is on its way would cut it off (it would be sent again later, but the person
  // should know it has not gone yet).
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!isOutboxSending()) return;
    event.preventDefault();
    event.returnValue = '';
  };
  // A send cut off by the page going away is not a failed attempt (outbox-processor.ts, notePageLeaving). A page
  // restored from the back-forward cache sends what it left.
  const onPageHide = () => notePageLeaving(true);
  const onPageShow = (event: PageTransitionEvent) => {
    notePageLeaving(false);
    if (event.persisted) void flushOutbox();
  };
  // One signal removes every listener: none can be added here and forgotten in the clean-up.
  const listening = new AbortController();
  const { signal } = listening;
  window.addEventListener('online', onOnline, { signal });
  document.addEventListener('visibilitychange', onVisible, { signal });
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage, { signal });
  window.addEventListener('beforeunload', onBeforeUnload, { signal });
  window.addEventListener('pagehide', onPageHide, { signal });
  window.addEventListener('pageshow', onPageShow, { signal });
  void flushOutbox();
  return () => listening.abort();
}

/** The first queued post asks the browser to keep Basha's storage even when the phone runs low. */
async function askForPersistentStorage(): Promise<void> {
  try {
    if (localStorage.getItem(PERSIST_ASKED_KEY) || !navigator.storage?.persist) return;
    localStorage.setItem(PERSIST_ASKED_KEY, new Date().toISOString());
    if (!(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Private mode or an old browser: the outbox still works, only without the stronger promise.
  }
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Where the browser has Background Sync, a service worker wakes Basha to send once a connection returns: the outbox
 * worker, which can send with no page open, where someone signed in on this phone; else the app's worker, which asks
 * the open pages to (decision 0016).
 */
async function registerBackgroundSync(): Promise<void> {
  try {
    const outboxWorker = await navigator.serviceWorker?.getRegistration(OUTBOX_WORKER_SCOPE);
    const outboxRegistration =
      outboxWorker?.active && isOutboxWorkerScope(outboxWorker.scope) ? outboxWorker : undefined;
    const registration = (outboxRegistration ?? (await navigator.serviceWorker?.getRegistration())) as
      SyncRegistration | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not supported or not allowed: the other triggers still send the queue.
  }
}
