import { useEffect, useState } from 'react';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { subscribeToUserEvents } from '@/lib/user-event-stream';
import type { NavCountProps } from '@/ui/counted-nav-item';
import { fetchUnreadCount } from '../api/fetch-unread-count';

/**
 * The badge on the header's "Messages" link: the conversations with unread messages, read anew each `round`
 * (src/ui/counted-nav-item.tsx says when) and on every live event of a conversation. Nothing while none are unread;
 * a count that cannot be read (offline) leaves the last one shown. `nav-count` is styled with the header.
 */
export default function UnreadCount({ selfId, round }: NavCountProps) {
  const [unread, setUnread] = useState<{ selfId: string; count: number }>();
  const [live, setLive] = useState(0);
  useEffect(
    () =>
      subscribeToUserEvents((event) => {
        if (event.type !== 'request') setLive((count) => count + 1);
      }),
    // Subscribed again for another person, so the stream follows their session.
    [selfId],
  );
  useEffect(() => {
    const controller = new AbortController();
    fetchUnreadCount(controller.signal).then(
      (count) => setUnread({ selfId, count }),
      () => undefined,
    );
    return () => controller.abort();
  }, [selfId, round, live]);
  // Another person's count (signed out and in as someone else) is not shown while this one's is read.
  if (unread?.selfId !== selfId || unread.count === 0) return null;
  const count = localDigits(String(unread.count), getLocale());
  return (
    <>
      {' '}
      <span className="nav-count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{m.conversations_unread_label({ count })}</span>
    </>
  );
}
