import type { UnreadCount } from '@/domain/conversation';
import { api } from '@/lib/api-client';

/** `GET /api/v1/conversations/unread-count`: the conversations with unread messages (the header's badge). */
export async function fetchUnreadCount(signal: AbortSignal): Promise<number> {
  const body = await api.get('conversations/unread-count', { signal }).json<{ data: UnreadCount }>();
  return body.data.count;
}
