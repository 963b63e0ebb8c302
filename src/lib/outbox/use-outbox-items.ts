import { useMemo } from 'react';
import type { OutboxKind } from '@/domain/outbox';
import { readSession } from '../session-cookies';
import { useLiveQuery } from '../use-live-query';
import { outboxItemsQuery, type OutboxItem } from './outbox-db';

/**
 * The signed-in person's outbox items (all, or of one kind) and visitors' posts made on this device, oldest
 * first, kept current as they are queued, sent or discarded.
 */
export function useOutboxItems(kind?: OutboxKind): OutboxItem[] {
  const query = useMemo(() => outboxItemsQuery(kind), [kind]);
  const items = useLiveQuery(query).value;
  // Read on every render, not only when the items change: after a sign-out (the header re-renders) the badge
  // and lists drop the person's posts at once, and the next person on a shared phone never sees them.
  const selfId = readSession()?.userId;
  return useMemo(
    () => (items ?? []).filter((item) => item.ownerId === null || item.ownerId === selfId),
    [items, selfId],
  );
}
