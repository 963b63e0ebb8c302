import type { OutboxKind } from '@/domain/outbox';
import type { PhotoUploadProgress } from '@/domain/upload-progress';
import type { OutboxItem } from './outbox-db';

/**
 * Which code sends each kind of outbox item. The app registers a loader per kind at start (a few bytes: the
 * senders themselves load with their features' chunks on first use). Kept apart from the processor so that
 * registering needs neither IndexedDB's library nor the processor.
 */

export interface OutboxSendContext {
  /** Remembers what this attempt achieved (uploaded photo URLs) so that a retry resumes after it. */
  saveProgress(progress: Record<string, unknown>): Promise<void>;
  /** How much of the item's files has gone; `photos` counts them for "2 of 5 photos sent". */
  reportUploadProgress(fraction: number, photos?: PhotoUploadProgress): void;
}

export interface OutboxSentResult {
  /** The server's message ("Property ad posted successfully!"). */
  message: string;
  data?: unknown;
}

export type OutboxSender = (item: OutboxItem, context: OutboxSendContext) => Promise<OutboxSentResult>;

const senders = new Map<OutboxKind, () => Promise<OutboxSender>>();

export function registerOutboxSender(kind: OutboxKind, load: () => Promise<OutboxSender>): void {
  senders.set(kind, load);
}

export function outboxSenderLoader(kind: OutboxKind): (() => Promise<OutboxSender>) | undefined {
  return senders.get(kind);
}

/** For tests. */
export function clearOutboxSenders(): void {
  senders.clear();
}

/** Loads every sender's code in the background, so that a post made offline later finds it in memory. */
export function warmUpOutboxSenders(): void {
  for (const load of senders.values()) void load().catch(() => undefined);
}
