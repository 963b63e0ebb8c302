import type { ConversationRecord, MessageRecord, MessagesPage } from '@/domain/conversation';
import { api } from '@/lib/api-client';

/**
 * The conversations endpoints the messages page calls (issue 42, docs/api.md, Conversations). Those of other chunks
 * are modules of their own, so that none of this joins the code every form page loads: starting one
 * (./start-conversation.ts, the Message button), the header's count (./fetch-unread-count.ts), and sending a message,
 * which the outbox does (./message-sender.ts) with its item's key as its `clientId`.
 */

interface Answer<T> {
  message: string;
  data: T;
}

const one = (id: string) => `conversations/${encodeURIComponent(id)}`;

/** The person's conversations, newest activity first. */
export async function fetchConversations(signal?: AbortSignal): Promise<ConversationRecord[]> {
  const body = await api.get('conversations', signal ? { signal } : {}).json<Answer<ConversationRecord[]>>();
  return body.data;
}

export async function fetchConversation(id: string, signal?: AbortSignal): Promise<ConversationRecord> {
  const body = await api.get(one(id), signal ? { signal } : {}).json<Answer<ConversationRecord>>();
  return body.data;
}

/** The latest page of messages, or (with `since`) those after that seq. */
export async function fetchMessages(id: string, since?: number, signal?: AbortSignal): Promise<MessagesPage> {
  const body = await api
    .get(`${one(id)}/messages`, {
      ...(since === undefined ? {} : { searchParams: { since } }),
      ...(signal ? { signal } : {}),
    })
    .json<Answer<MessagesPage>>();
  return body.data;
}

/** Marks the messages up to seq `upTo` read. */
export async function markRead(id: string, upTo: number): Promise<void> {
  await api.post(`${one(id)}/read`, { json: { upTo } });
}

export async function shareMyNumber(id: string): Promise<ConversationRecord> {
  return (await api.post(`${one(id)}/share-number`).json<Answer<ConversationRecord>>()).data;
}

export async function setBlocked(id: string, blocked: boolean): Promise<ConversationRecord> {
  const call = blocked ? api.post(`${one(id)}/block`) : api.delete(`${one(id)}/block`);
  return (await call.json<Answer<ConversationRecord>>()).data;
}

/** Whether an answer's data is a message (what a sent item's result carries, typed `unknown` by the outbox). */
export function isMessageRecord(value: unknown): value is MessageRecord {
  return typeof value === 'object' && value !== null && '_id' in value && 'seq' in value && 'conversationId' in value;
}
