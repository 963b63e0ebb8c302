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
  return useMemo(() => {
    const selfId = readSession()?.userId;
    return (items ?? []).filter((item) => item.ownerId === null || item.ownerId === selfId);
  }, [items]);
}
