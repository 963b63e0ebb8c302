import type { UserEvent } from '@/domain/user-events';
import { m } from '@/i18n/generated/messages.js';
import type { NavCountProps } from '@/ui/counted-nav-item';
import { LiveNavCount } from '@/ui/live-nav-count';
import { fetchUnreadCount } from '../api/fetch-unread-count';

/** Which events move the count: a type added to UserEvent must say here whether it does (a compile error otherwise). */
const MOVES_UNREAD_COUNT: Record<UserEvent['type'], boolean> = { message: true, conversation: true, request: false };
const aboutConversations = (event: UserEvent) => MOVES_UNREAD_COUNT[event.type];
const label = (count: string) => m.conversations_unread_label({ count });

/**
 * The badge on the header's "Messages" link: the conversations with unread messages, read again on every live event
 * of a conversation (a message, a read mark moved on another device). Its own chunk, loaded once the page settled.
 */
export default function UnreadCount(props: NavCountProps) {
  return <LiveNavCount {...props} read={fetchUnreadCount} counts={aboutConversations} label={label} />;
}
