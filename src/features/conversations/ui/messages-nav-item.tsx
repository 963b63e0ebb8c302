import { m } from '@/i18n/generated/messages.js';
import { CountedNavItem } from '@/ui/counted-nav-item';
import { lazyOptional } from '@/ui/lazy-optional';

/** Loaded on its own, once the page has settled, with what it needs to follow live events. */
const UnreadCount = lazyOptional(() => import('./unread-count').then((module) => module.default));

/** The header's "Messages" link (issue 42), with a badge counting the conversations with unread messages. */
export function MessagesNavItem({ selfId }: { selfId: string }) {
  return <CountedNavItem to="/main/messages" label={m.conversations_title()} count={UnreadCount} selfId={selfId} />;
}
