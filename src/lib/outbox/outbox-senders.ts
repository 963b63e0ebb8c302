import type { OutboxKind } from '@/domain/outbox';
import type { OutboxProgress } from '@/domain/outbox-progress';
import type { PhotoUploadProgress } from '@/domain/upload-progress';
import type { OutboxItem } from './outbox-db';

/**
 * Which code sends each kind of outbox item. Each feature declares its own kinds (`OutboxKindDeclarations`, e.g.
 * src/features/rent/api/rent-outbox-kinds.ts), the app composes them into one table over OUTBOX_KINDS
 * (src/app/offline/outbox-kinds.ts) and hands it to the outbox at start (`configureOutboxSenders`): a few bytes, the
 * senders themselves load with their features' chunks on first use. Kept apart from the processor so that
 * configuring needs neither IndexedDB's library nor the processor.
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
 * loaded on first use. The app's table (src/app/offline/outbox-kinds.ts) has it for every kind; a kind missing
 * there is a type error.
 */
export type OutboxKindSenders = { [K in OutboxKind]: { send: () => Promise<OutboxSender<K>> } };

/** What the feature that owns a kind declares of it: how it is sent, and which page edits an item. */
export interface OutboxKindDeclaration<K extends OutboxKind> {
  /** The feature's sender, loaded with its chunk on first use (the service worker precaches it, so offline too). */
  send: () => Promise<OutboxSender<K>>;
  /** The form that opens with the item's values (`?outbox=<id>`); undefined when none can. */
  editPath: (item: OutboxItem<K>) => string | undefined;
}

/**
 * One feature's outbox kinds. Keep the module that exports it free of static imports of the senders: the app's
 * start-up and the service worker import every feature's table.
 */
export type OutboxKindDeclarations<Kinds extends OutboxKind> = { [K in Kinds]: OutboxKindDeclaration<K> };

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

/** A sender's own refusal (the item cannot be sent as it is), treated like a 4xx. Here, with the contract, so that a
 * sender's module does not bring the processor (and the outbox's storage) into the pages that name it. */
export class OutboxItemRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxItemRefused';
  }
}
