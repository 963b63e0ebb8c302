import type { OutboxKind } from '@/domain/outbox';
import type { OutboxProgress } from '@/domain/outbox-progress';
import type { PhotoUploadProgress } from '@/domain/upload-progress';
import type { OutboxItem } from './outbox-db';

/**
 * Which code sends each kind of outbox item. The app hands the outbox its kinds at start (`configureOutboxSenders`,
 * from src/app/offline/outbox-kinds.ts): a few bytes, the senders themselves load with their features' chunks on
 * first use. Kept apart from the processor so that configuring needs neither IndexedDB's library nor the processor.
 */

export interface OutboxSendContext {
  /** Remembers what this attempt achieved (uploaded photo URLs) so that a retry resumes after it. */
  saveProgress(progress: OutboxProgress): Promise<void>;
  /** How much of the item's files has gone; `photos` counts them for "2 of 5 photos sent". */
  reportUploadProgress(fraction: number, photos?: PhotoUploadProgress): void;
}

export interface OutboxSentResult {
  /** The server's message ("Property ad posted successfully!"). */
  message: string;
  data?: unknown;
}

/** Sends one item of kind K, whose payload was checked against the kind's schema when it was read. */
export type OutboxSender<K extends OutboxKind = OutboxKind> = (
  item: OutboxItem<K>,
  context: OutboxSendContext,
) => Promise<OutboxSentResult>;

/**
 * What the outbox needs of each kind besides its payload's schema (src/domain/outbox-payloads.ts): its sender,
 * loaded on first use. The app declares it for every kind (src/app/offline/outbox-kinds.ts, with the page that
 * edits an item); a kind missing there is a type error.
 */
export type OutboxKindSenders = { [K in OutboxKind]: { send: () => Promise<OutboxSender<K>> } };

let senders: Partial<OutboxKindSenders> = {};

/** The app's kinds (called once at start-up, before anything can be posted). */
export function configureOutboxSenders(kinds: OutboxKindSenders): void {
  senders = { ...kinds };
}

/** One kind's sender (tests register what they need). */
export function registerOutboxSender<K extends OutboxKind>(kind: K, load: () => Promise<OutboxSender<K>>): void {
  senders = { ...senders, [kind]: { send: load } };
}

export function outboxSenderLoader<K extends OutboxKind>(kind: K): (() => Promise<OutboxSender<K>>) | undefined {
  const kinds: Partial<OutboxKindSenders> = senders;
  return kinds[kind]?.send;
}

/** For tests. */
export function clearOutboxSenders(): void {
  senders = {};
}

/** Loads every sender's code in the background, so that a post made offline later finds it in memory. */
export function warmUpOutboxSenders(): void {
  for (const kind of Object.values(senders)) void kind.send().catch(() => undefined);
}
