import type { OutboxKind } from '@/domain/outbox';
import { enqueueOutboxItem, type NewOutboxItem } from './outbox';
import { listOutboxItems, removeOutboxItem, type OutboxItem } from './outbox-db';

/**
 * Edits of one record (a service, a profile) in the outbox. Each edit carries every editable field, so a newer
 * edit of the same record makes an older one that has not gone yet pointless: it is dropped, and only the
 * newest is sent. An older edit already being sent (status `sending`, perhaps in another tab) is left alone:
 * it reaches the server first and the newer one after it (the queue keeps its order), so the record still
 * ends as last edited. Nothing is lost and nothing is sent twice.
 */

/** Queues an edit and drops the older unsent edits of the same record; answers the new item. */
export async function enqueueReplacingEdits(
  input: NewOutboxItem,
  sameRecord: (item: OutboxItem) => boolean,
): Promise<OutboxItem & { id: number }> {
  // The new edit is saved first: if anything below fails, the older one is still there, never neither.
  const item = await enqueueOutboxItem(input);
  const older = (await listOutboxItems()).filter(
    (each) =>
      each.id !== undefined &&
      each.id < item.id &&
      each.kind === input.kind &&
      each.ownerId === input.ownerId &&
      each.status !== 'sending' &&
      sameRecord(each),
  );
  // Should the processor take one of them up meanwhile, it still sends it before the new one: in order.
  await Promise.all(older.map((each) => removeOutboxItem(each.id!)));
  return item;
}

/** Drops the unsent edits of a record (it was deleted, so they could only be refused). */
export async function discardWaitingEdits(
  kind: OutboxKind,
  ownerId: string | null,
  sameRecord: (item: OutboxItem) => boolean,
): Promise<void> {
  const items = (await listOutboxItems()).filter(
    (each) => each.kind === kind && each.ownerId === ownerId && each.status !== 'sending' && sameRecord(each),
  );
  await Promise.all(items.map((each) => removeOutboxItem(each.id!)));
}

/** The newest unsent edit of a record (waiting or refused), to open the form with it instead of older values. */
export async function latestWaitingEdit(
  kind: OutboxKind,
  ownerId: string | null,
  sameRecord: (item: OutboxItem) => boolean,
): Promise<OutboxItem | undefined> {
  const items = await listOutboxItems();
  return items.filter((each) => each.kind === kind && each.ownerId === ownerId && sameRecord(each)).at(-1);
}
