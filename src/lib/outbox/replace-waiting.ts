import type { OutboxKind } from '@/domain/outbox';
import { isOutboxItemOf, listOutboxItems, removeOutboxItem, type OutboxItem } from './outbox-db';

/**
 * Edits of one record (a service, a profile) in the outbox. Each edit carries every editable field, so a newer
 * edit of the same record replaces an older one that has not gone yet (`enqueueReplacingEdits`, in ./outbox.ts);
 * the edit page opens with the newest one still on the phone; deleting the record drops them.
 */
export { enqueueReplacingEdits } from './outbox';

/** The unsent edits of a record, oldest first. */
async function editsOf<K extends OutboxKind>(
  kind: K,
  ownerId: string | null,
  sameRecord: (item: OutboxItem<K>) => boolean,
): Promise<OutboxItem<K>[]> {
  return (await listOutboxItems()).filter(
    (each): each is OutboxItem<K> => isOutboxItemOf(each, kind) && each.ownerId === ownerId && sameRecord(each),
  );
}

/** Drops the unsent edits of a record (it was deleted, so they could only be refused). */
export async function discardWaitingEdits<K extends OutboxKind>(
  kind: K,
  ownerId: string | null,
  sameRecord: (item: OutboxItem<K>) => boolean,
): Promise<void> {
  const items = (await editsOf(kind, ownerId, sameRecord)).filter((each) => each.status !== 'sending');
  await Promise.all(items.map((each) => removeOutboxItem(each.id)));
}

/** The newest unsent edit of a record (waiting or refused), to open the form with it instead of older values. */
export async function latestWaitingEdit<K extends OutboxKind>(
  kind: K,
  ownerId: string | null,
  sameRecord: (item: OutboxItem<K>) => boolean,
): Promise<OutboxItem<K> | undefined> {
  return (await editsOf(kind, ownerId, sameRecord)).at(-1);
}
