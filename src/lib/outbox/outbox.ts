import {
  OUTBOX_FLUSH_MESSAGE,
  OUTBOX_SYNC_TAG,
  SLOW_CONNECTION_REASON,
  type OutboxKind,
  type QueuedReason,
} from '@/domain/outbox';
import {
  addOutboxItem,
  getOutboxItem,
  holdOutboxItem,
  makeWaitingItemsDue,
  releaseOutboxItem,
  removeUnlessSending,
  type OutboxItem,
} from './outbox-db';
import { flushOutbox, isOutboxSending, onOutboxEvent, type OutboxSentResult } from './outbox-processor';
import { announceOutboxLoaded, markOutboxInUse } from './outbox-presence';

/**
 * What pages and features do with the outbox: queue a post (online or not, every post takes this path),
 * wait for its first attempt, discard or retry, and the triggers that keep the queue moving (app start,
 * the network coming back, the app returning to the foreground, Background Sync, sign-in).
 */

// A page that can queue posts also wants the outbox's triggers and badge (src/app/offline/offline-support-loader.ts).
announceOutboxLoaded();

export const STORAGE_FULL_MESSAGE =
  'Your phone has no room left to save this post. Free up some space and try again; posts already waiting to send are kept.';
const PERSIST_ASKED_KEY = 'basha.storagePersistAsked';

export class OutboxStorageFull extends Error {
  constructor() {
    super(STORAGE_FULL_MESSAGE);
    this.name = 'OutboxStorageFull';
  }
}

export interface NewOutboxItem {
  kind: OutboxKind;
  ownerId: string | null;
  label: string;
  payload: Record<string, unknown>;
  files?: Blob[];
}

/** Saves a post in the outbox with a fresh Idempotency-Key. Throws OutboxStorageFull when the quota is spent. */
export async function enqueueOutboxItem(input: NewOutboxItem): Promise<OutboxItem & { id: number }> {
  const now = Date.now();
  let item: OutboxItem;
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
  void askForPersistentStorage();
  void registerBackgroundSync();
  return item as OutboxItem & { id: number };
}

function isQuotaError(error: unknown): boolean {
  const names = [error, (error as { inner?: unknown } | null)?.inner].map((e) => (e as { name?: string })?.name);
  return names.includes('QuotaExceededError');
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
    else if (event.type === 'retry-later')
      outcome = { type: 'queued', reason: event.reason === SLOW_CONNECTION_REASON ? 'slow' : 'offline' };
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

/** `navigator.onLine` is only trusted when false: true just means a network interface is up. */
function isKnownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
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
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  window.addEventListener('beforeunload', onBeforeUnload);
  void flushOutbox();
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    window.removeEventListener('beforeunload', onBeforeUnload);
  };
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

/** Where the browser has Background Sync, the service worker wakes Basha to send once a connection returns. */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not supported or not allowed: the other triggers still send the queue.
  }
}
