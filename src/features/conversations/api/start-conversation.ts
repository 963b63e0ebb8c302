import type { ConversationRecord } from '@/domain/conversation';
import type { ListingKind } from '@/domain/listing-kinds';
import { api } from '@/lib/api-client';

/**
 * `POST /api/v1/conversations`: starts the conversation about a listing, or answers the one the person already has
 * about it. A module of its own, for the Message button's chunk (./conversations-api.ts has the page's calls).
 */
export async function startConversation(listingKind: ListingKind, listingId: string): Promise<ConversationRecord> {
  const body = await api
    .post('conversations', { json: { listingKind, listingId } })
    .json<{ data: ConversationRecord }>();
  return body.data;
}
