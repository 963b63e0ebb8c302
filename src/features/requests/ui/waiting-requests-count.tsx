import { useEffect, useState } from 'react';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { api } from '@/lib/api-client';
import { subscribeToUserEvents } from '@/lib/user-event-stream';

/** GET /api/v1/requests/waiting-count (docs/api.md): how many requests wait for the caller's answer. */
async function fetchWaitingCount(signal: AbortSignal): Promise<number> {
  const body = await api.get('requests/waiting-count', { signal }).json<{ data: { count: number } }>();
  return body.data.count;
}

/**
 * The badge on the header's "My requests" link: the number of requests waiting for the person's answer, read anew
 * each `round` (./requests-nav-item.tsx says when) and whenever the live event stream says one of their requests was
 * made or moved (here, in this chunk: the header's own code does not carry the stream). Nothing while none wait; a
 * count that cannot be read (offline) leaves the last one shown.
 */
export default function WaitingRequestsCount({ selfId, round }: { selfId: string; round: number }) {
  const [waiting, setWaiting] = useState<{ selfId: string; count: number }>();
  const [changes, setChanges] = useState(0);
  // Subscribed again for another person, so the stream follows their session.
  useEffect(
    () =>
      subscribeToUserEvents((event) => {
        if (event.type === 'request') setChanges((count) => count + 1);
      }),
    [selfId],
  );
  useEffect(() => {
    const controller = new AbortController();
    fetchWaitingCount(controller.signal).then(
      (count) => setWaiting({ selfId, count }),
      () => undefined,
    );
    return () => controller.abort();
  }, [selfId, round, changes]);
  // Another person's count (signed out and in as someone else) is not shown while this one's is read.
  if (waiting?.selfId !== selfId || waiting.count === 0) return null;
  const count = localDigits(String(waiting.count), getLocale());
  return (
    <>
      {' '}
      <span className="nav-count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{m.requests_waiting_label({ count })}</span>
    </>
  );
}
