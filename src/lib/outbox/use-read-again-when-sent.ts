import { useEffect, useRef } from 'react';
import type { OutboxItem } from './outbox-db';

/**
 * Calls `readAgain` when one of `items` leaves the outbox (sent, refused at once, or discarded): the server then holds
 * what it carried, or not, and the page reads its copy to show which. For pages that list the outbox's waiting items
 * beside the server's records (My requests, a conversation's thread).
 */
export function useReadAgainWhenSent(items: readonly OutboxItem[], readAgain: () => void): void {
  const ids = items.map((item) => item.id).join(',');
  const seen = useRef('');
  const latest = useRef(readAgain);
  useEffect(() => {
    latest.current = readAgain;
  });
  useEffect(() => {
    const now = new Set(ids.split(',').filter(Boolean));
    const left = seen.current.split(',').some((id) => id !== '' && !now.has(id));
    seen.current = ids;
    if (left) latest.current();
  }, [ids]);
}
