import { useEffect, useState } from 'react';
import type { UserEvent } from '@/domain/user-events';
import { localDigits } from '@/i18n/digits';
import { getLocale } from '@/i18n/generated/runtime.js';
import { subscribeToUserEvents } from '@/lib/user-event-stream';
import type { NavCountProps } from './counted-nav-item';

/**
 * The count beside a header link (./counted-nav-item.tsx): read anew each `round` and whenever the live event stream
 * tells of something it counts. Nothing while it is 0; a count that cannot be read (offline) leaves the last one
 * shown. Only the badges' own lazy chunks import this: the header's code does not carry the stream.
 */
export function LiveNavCount({
  selfId,
  round,
  read,
  counts,
  label,
}: NavCountProps & {
  /** Reads the count (a module's function: a new one each render would read it again each render). */
  read: (signal: AbortSignal) => Promise<number>;
  /** Whether an event may change the count. */
  counts: (event: UserEvent) => boolean;
  /** What screen readers hear, given the count in the page's digits. */
  label: (count: string) => string;
}) {
  const [shown, setShown] = useState<{ selfId: string; count: number }>();
  const [changes, setChanges] = useState(0);
  // Subscribed again for another person, so the stream follows their session.
  useEffect(
    () =>
      subscribeToUserEvents((event) => {
        if (counts(event)) setChanges((count) => count + 1);
      }),
    [selfId, counts],
  );
  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).then(
      (count) => setShown({ selfId, count }),
      () => undefined,
    );
    return () => controller.abort();
  }, [selfId, round, changes, read]);
  // Another person's count (signed out and in as someone else) is not shown while this one's is read.
  if (shown?.selfId !== selfId || shown.count === 0) return null;
  const count = localDigits(String(shown.count), getLocale());
  return (
    <>
      {' '}
      <span className="nav-count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{label(count)}</span>
    </>
  );
}
