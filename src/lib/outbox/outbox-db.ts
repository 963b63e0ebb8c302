import Dexie, { liveQuery, type EntityTable } from 'dexie';
import * as v from 'valibot';
import {
  OUTBOX_KINDS,
  UNREADABLE_OUTBOX_ITEM_MESSAGE,
  type OutboxItemState,
  type OutboxKind,
  type OutboxStatus,
} from '@/domain/outbox';
import { readOutboxPayload, type OutboxPayload } from '@/domain/outbox-payloads';
import { m } from '@/i18n/generated/messages.js';
import { outboxProgressSchema, type OutboxProgress } from '@/domain/outbox-progress';

/**
 * The outbox on the device (decision 0004: database `basha-outbox`, table `items`). One row per post that has
 * not reached the server yet, in the order it was made (the auto-increment id). Photos are kept as Blobs, so
 * a post made offline survives reloads and browser restarts. A row leaves the table only when the server has
 * taken the post, or when the person discards it. `progress` keeps what earlier attempts already achieved
 * (the URLs of uploaded photos), so that a retry resumes instead of uploading again. A row may have been written
 * by an older version of the app: every read checks it (`readRow`), and one that does not fit this version's
 * contract comes back as an `UnreadableOutboxItem`, shown as such and never sent.
 */

export const OUTBOX_DB_NAME = 'basha-outbox';

/** What every item has, whatever its kind. */
interface OutboxItemBase extends OutboxItemState {
  id: number;
  /** The Idempotency-Key (a UUID), made when the item was queued and sent with every attempt. */
  key: string;
  /** Whose session may send it; null for posts visitors make (landing feedback). */
  ownerId: string | null;
  /** A short description for people: "Rent ad: House 12, Mirpur". */
  label: string;
  files: Blob[];
  progress: OutboxProgress;
  createdAt: number;
}

/** An item of one kind whose payload was checked on reading it (src/domain/outbox-payloads.ts). */
export interface OutboxItem<K extends OutboxKind = OutboxKind> extends OutboxItemBase {
  readable: true;
  kind: K;
  payload: OutboxPayload<K>;
}

/**
 * An item this version of the app cannot read (written by an older one, or damaged): shown with
 * UNREADABLE_OUTBOX_ITEM_MESSAGE and Discard, never sent.
 */
export interface UnreadableOutboxItem extends OutboxItemBase {
  readable: false;
  kind: string;
  payload?: undefined;
}

/** An item as read back: readable (`isOutboxItemOf` tells its kind, and so its payload's type) or not. */
export type StoredOutboxItem = OutboxItem | UnreadableOutboxItem;

/** An item as IndexedDB holds it: possibly written by another version of the app, so only read through `readRow`. */
interface OutboxRow {
  id: number;
  key: string;
  kind: string;
  ownerId: string | null;
  label: string;
  payload: unknown;
  files: Blob[];
  progress: OutboxProgress;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string | undefined;
  createdAt: number;
}

const rowSchema = v.object({
  id: v.number(),
  key: v.string(),
  kind: v.string(),
  ownerId: v.nullable(v.string()),
  label: v.string(),
  payload: v.unknown(),
  files: v.array(v.instance(Blob)),
  progress: outboxProgressSchema,
  status: v.picklist(['waiting', 'sending', 'failed', 'held']),
  attempts: v.number(),
  nextAttemptAt: v.number(),
  lastError: v.optional(v.string()),
  createdAt: v.number(),
});

const isOutboxKind = (kind: string): kind is OutboxKind => (OUTBOX_KINDS as readonly string[]).includes(kind);

/**
 * A row checked against this version's contract: of a known kind with a payload of its shape, else unreadable.
 * (The payloads' schemas load with the outbox, not on the first read: offline, before the service worker holds
 * the app, a chunk loaded then could not arrive, and the outbox could not be read at all.)
 */
function readRow(value: unknown): StoredOutboxItem | undefined {
  const row = v.safeParse(rowSchema, value);
  if (!row.success) return unreadableRow(value);
  const { kind, payload, ...rest } = row.output;
  const unreadable: UnreadableOutboxItem = { ...rest, kind, readable: false };
  if (!isOutboxKind(kind)) return unreadable;
  return withPayload(rest, kind, readOutboxPayload(kind, payload)) ?? unreadable;
}

function withPayload<K extends OutboxKind>(
  base: OutboxItemBase,
  kind: K,
  payload: OutboxPayload<K> | undefined,
): OutboxItem<K> | undefined {
  return payload === undefined ? undefined : { ...base, kind, payload, readable: true };
}

/** What can still be told of a row that is not even an item's shape: enough to list it and discard it. */
function unreadableRow(value: unknown): UnreadableOutboxItem | undefined {
  const row = v.safeParse(v.looseObject({ id: v.number() }), value);
  if (!row.success) return undefined;
  const text = (field: string) => {
    const found: unknown = row.output[field];
    return typeof found === 'string' ? found : undefined;
  };
  return {
    id: row.output.id,
    key: text('key') ?? '',
    kind: text('kind') ?? 'unknown',
    // Anyone on this phone may then see it and discard it: it can never be sent anyway.
    ownerId: text('ownerId') ?? null,
    label: text('label') ?? m.common_outbox_unreadable_label(),
    files: [],
    progress: {},
    status: 'failed',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: UNREADABLE_OUTBOX_ITEM_MESSAGE,
    createdAt: 0,
    readable: false,
  };
}

function readRows(rows: unknown[]): StoredOutboxItem[] {
  return rows.flatMap((row) => readRow(row) ?? []);
}

/** Whether an item is a readable one of this kind (its payload then has the kind's type). */
export function isOutboxItemOf<K extends OutboxKind>(
  item: { readable: boolean; kind: string } | undefined,
  kind: K,
): item is OutboxItem<K> {
  return !!item?.readable && item.kind === kind;
}

class OutboxDatabase extends Dexie {
  items!: EntityTable<OutboxRow, 'id'>;

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

/** A new item as `enqueueOutboxItem` makes it. */
export type NewOutboxRow<K extends OutboxKind> = Omit<OutboxItem<K>, 'id' | 'readable'>;

export async function addOutboxItem<K extends OutboxKind>(item: NewOutboxRow<K>): Promise<OutboxItem<K>> {
  const id = await outboxDb().items.add(item);
  return { ...item, id, readable: true };
}

export async function getOutboxItem(id: number): Promise<StoredOutboxItem | undefined> {
  return readRow(await outboxDb().items.get(id));
}

/** Every item, oldest first. */
export async function listOutboxItems(): Promise<StoredOutboxItem[]> {
  return readRows(await outboxDb().items.orderBy('id').toArray());
}

export async function updateOutboxItem(id: number, changes: Partial<OutboxItemState>): Promise<void> {
  await outboxDb().items.update(id, changes);
}

export async function removeOutboxItem(id: number): Promise<void> {
  await outboxDb().items.delete(id);
}

/** Merges what an attempt achieved into the item's saved progress. */
export async function saveOutboxProgress(id: number, progress: OutboxProgress): Promise<void> {
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

/** Live list of every item, oldest first, for the outbox's panel. */
export function outboxItemsQuery() {
  return liveQuery(async () => readRows(await outboxDb().items.orderBy('id').toArray()));
}

/** Live list of the readable items of one kind, oldest first, for the pages that show them. */
export function outboxItemsOfKindQuery<K extends OutboxKind>(kind: K) {
  return liveQuery(async () =>
    readRows(await outboxDb().items.where('kind').equals(kind).sortBy('id')).filter((item): item is OutboxItem<K> =>
      isOutboxItemOf(item, kind),
    ),
  );
}

/** For tests: forget the open connection (fake-indexeddb is reset between tests). */
export function closeOutboxDb(): void {
  database?.close();
  database = undefined;
}
