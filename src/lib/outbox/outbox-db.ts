import Dexie, { liveQuery, type EntityTable } from 'dexie';
import type { OutboxItemState, OutboxKind } from '@/domain/outbox';

/**
 * The outbox on the device (decision 0004: database `basha-outbox`, table `items`). One row per post that has
 * not reached the server yet, in the order it was made (the auto-increment id). Photos are kept as Blobs, so
 * a post made offline survives reloads and browser restarts. A row leaves the table only when the server has
 * taken the post, or when the person discards it. `progress` keeps what earlier attempts already achieved
 * (the URLs of uploaded photos), so that a retry resumes instead of uploading again.
 */

export const OUTBOX_DB_NAME = 'basha-outbox';

export interface OutboxItem extends OutboxItemState {
  id?: number;
  /** The Idempotency-Key (a UUID), made when the item was queued and sent with every attempt. */
  key: string;
  kind: OutboxKind;
  /** Whose session may send it; null for posts visitors make (landing feedback). */
  ownerId: string | null;
  /** A short description for people: "Rent ad: House 12, Mirpur". */
  label: string;
  /** The post's fields, as the kind's sender expects them. */
  payload: Record<string, unknown>;
  files: Blob[];
  progress: Record<string, unknown>;
  createdAt: number;
}

class OutboxDatabase extends Dexie {
  items!: EntityTable<OutboxItem, 'id'>;

  constructor() {
    super(OUTBOX_DB_NAME);
    this.version(1).stores({ items: '++id, kind, status' });
  }
}

let database: OutboxDatabase | undefined;

function outboxDb(): OutboxDatabase {
  database ??= new OutboxDatabase();
  return database;
}

export async function addOutboxItem(item: Omit<OutboxItem, 'id'>): Promise<OutboxItem> {
  const id = await outboxDb().items.add(item as OutboxItem);
  return { ...item, id };
}

export async function getOutboxItem(id: number): Promise<OutboxItem | undefined> {
  return outboxDb().items.get(id);
}

/** Every item, oldest first. */
export async function listOutboxItems(): Promise<OutboxItem[]> {
  return outboxDb().items.orderBy('id').toArray();
}

export async function updateOutboxItem(id: number, changes: Partial<Omit<OutboxItem, 'id'>>): Promise<void> {
  await outboxDb().items.update(id, changes);
}

export async function removeOutboxItem(id: number): Promise<void> {
  await outboxDb().items.delete(id);
}

/** Merges what an attempt achieved into the item's saved progress. */
export async function saveOutboxProgress(id: number, progress: Record<string, unknown>): Promise<void> {
  const db = outboxDb();
  await db.transaction('rw', db.items, async () => {
    const item = await db.items.get(id);
    if (item) await db.items.update(id, { progress: { ...item.progress, ...progress } });
  });
}

/**
 * Marks a waiting item as being sent, in one transaction: false when it is no longer waiting (the person took it
 * back to edit, or discarded it, since the queue was read). So an item the person holds is never sent behind them.
 */
export async function claimOutboxItem(id: number): Promise<boolean> {
  const db = outboxDb();
  return db.transaction('rw', db.items, async () => {
    const item = await db.items.get(id);
    if (item?.status !== 'waiting') return false;
    await db.items.update(id, { status: 'sending' });
    return true;
  });
}

/**
 * Takes a waiting or refused item back from the queue for the person to edit: false when it is being sent right
 * now (or is gone), in which case it cannot be changed any more.
 */
export async function holdOutboxItem(id: number): Promise<boolean> {
  const db = outboxDb();
  return db.transaction('rw', db.items, async () => {
    const item = await db.items.get(id);
    if (!item || item.status === 'sending') return false;
    await db.items.update(id, { status: 'held' });
    return true;
  });
}

/** Puts an item the person held (or that was refused) back in the queue as it is, due now. */
export async function releaseOutboxItem(id: number, now: number): Promise<void> {
  await outboxDb()
    .items.where('id')
    .equals(id)
    .and((item) => item.status === 'held' || item.status === 'failed')
    .modify({ status: 'waiting', nextAttemptAt: now });
}

/** Discards an item unless it is being sent right now; answers whether it was discarded. */
export async function removeUnlessSending(id: number): Promise<boolean> {
  const db = outboxDb();
  return db.transaction('rw', db.items, async () => {
    const item = await db.items.get(id);
    if (item?.status === 'sending') return false;
    await db.items.delete(id);
    return true;
  });
}

/** An attempt that was running when its tab closed is just waiting again (called under the outbox lock). */
export async function resetInterruptedItems(): Promise<void> {
  await outboxDb().items.where('status').equals('sending').modify({ status: 'waiting' });
}

/** Makes every waiting item due now (the network returned, or the person pressed Retry). Held items stay held. */
export async function makeWaitingItemsDue(now: number, options: { includeFailed: boolean }): Promise<void> {
  const statuses = options.includeFailed ? ['waiting', 'failed'] : ['waiting'];
  await outboxDb().items.where('status').anyOf(statuses).modify({ status: 'waiting', nextAttemptAt: now });
}

/** Live list of the items (all, or of one kind), oldest first, for the pages. */
export function outboxItemsQuery(kind?: OutboxKind) {
  return liveQuery(() =>
    kind ? outboxDb().items.where('kind').equals(kind).sortBy('id') : outboxDb().items.orderBy('id').toArray(),
  );
}

/** For tests: forget the open connection (fake-indexeddb is reset between tests). */
export function closeOutboxDb(): void {
  database?.close();
  database = undefined;
}
