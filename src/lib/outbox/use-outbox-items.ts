import { useMemo } from 'react';
import { outboxErrorText, type OutboxKind } from '@/domain/outbox';
import { readSession } from '../session-cookies';
import { useLiveQuery } from '../use-live-query';
import type { OutboxItem, StoredOutboxItem } from './outbox-db';
import { lazyLiveQuery } from './outbox-lazy';

/** Only the signed-in person's items and visitors' posts: read on every render, not only when the items change. */
function useOwnItems<T extends { ownerId: string | null; lastError?: string | undefined }>(
  items: T[] | undefined,
): T[] {
  // After a sign-out (the header re-renders) the badge and lists drop the person's posts at once, and the next
  // person on a shared phone never sees them.
  const selfId = readSession()?.userId;
  return useMemo(
    () =>
      (items ?? [])
        .filter((item) => item.ownerId === null || item.ownerId === selfId)
        // Why an item did not go is kept in the outbox's own words: the lists show it in the page's language.
        .map((item) => (item.lastError ? { ...item, lastError: outboxErrorText(item.lastError) } : item)),
    [items, selfId],
  );
}

/**
 * Every outbox item of the signed-in person and visitors' posts made on this device, oldest first, kept current as
 * they are queued, sent or discarded; those this version cannot read among them (for the outbox's panel).
 */
export function useOutboxItems(): StoredOutboxItem[] {
  const query = useMemo(() => lazyLiveQuery<StoredOutboxItem[]>((outbox) => outbox.outboxItemsQuery()), []);
  return useOwnItems(useLiveQuery(query).value);
}

/** The readable items of one kind, as `useOutboxItems`, for the pages that show them ("Waiting to send"). */
export function useOutboxItemsOf<K extends OutboxKind>(kind: K): OutboxItem<K>[] {
  const query = useMemo(() => lazyLiveQuery<OutboxItem<K>[]>((outbox) => outbox.outboxItemsOfKindQuery(kind)), [kind]);
  return useOwnItems(useLiveQuery(query).value);
}
