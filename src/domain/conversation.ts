import type { ListingKind } from './listing-kinds';
import type { ScamWarning } from './scam-warnings';

/**
 * Conversations (issue 42): a signed-in person writes to the poster of a rent ad or the provider of a service from
 * its page; one conversation per listing and person who starts it. The records the API answers and the app keeps,
 * and the limits both sides hold. The bodies' schemas live with the words they speak (./conversation-forms.ts).
 */

export const MESSAGE_MIN_LENGTH = 1;
export const MESSAGE_MAX_LENGTH = 2000;
/** New conversations one account may start in a sliding day. */
export const CONVERSATIONS_PER_DAY = 20;
/** Messages one account may send per minute (all conversations together). */
export const MESSAGES_PER_MINUTE = 20;
/**
 * The most messages one `GET …/messages` answers: after `since`, the oldest of them (`hasMore` when more follow);
 * without it, the latest (a long thread opens at its end).
 */
export const MESSAGES_PAGE_MAX = 100;
/** The most conversations `GET /conversations` answers, newest activity first. */
export const CONVERSATIONS_LIST_MAX = 100;
/** A clientId: the outbox's uuid, or any short token a client makes. */
export const CLIENT_ID_MAX_LENGTH = 64;

export type ConversationRole = 'starter' | 'owner';

export interface ConversationListing {
  kind: ListingKind;
  _id: string;
  /** A few words naming it (a rent ad's area and rent, a service's category), in the reader's language. */
  title: string;
}

export interface MessageRecord {
  _id: string;
  conversationId: string;
  /** Rising over all messages: the `since` of the next delta and the `upTo` of `read`. */
  seq: number;
  authorId: string;
  /** Whether the reader wrote it. */
  mine: boolean;
  /** The writer's clientId, to the writer only (the outbox matches its waiting item by it). */
  clientId?: string;
  /** As the reader may see it: phone numbers, e-mail addresses and links masked (•••) until the writer shares. */
  text: string;
  /** Whether something in `text` was masked for this reader. */
  masked: boolean;
  /** Scam signs for this reader (never on their own messages): the page warns them. */
  warnings: ScamWarning[];
  createdAt: string;
}

export interface ConversationRecord {
  _id: string;
  listing: ConversationListing;
  /** The reader's side. */
  role: ConversationRole;
  /** The other person, by their public name. */
  other: { _id: string; name: string };
  lastMessage: MessageRecord | null;
  lastMessageAt: string | null;
  /** Messages from the other person after the reader's `read` mark. */
  unread: number;
  /** The reader pressed "Share my number". */
  sharedMyNumber: boolean;
  /** The other person's phone number, once they shared it or a request between the two was accepted. */
  otherNumber: string | null;
  /** The reader blocked the other person. */
  blockedByMe: boolean;
  /** The other person blocked the reader (no more messages either way). */
  blockedMe: boolean;
  createdAt: string;
}

/** `GET /api/v1/conversations/{id}/messages?since=`: oldest first; `cursor` is the next `since`. */
export interface MessagesPage {
  messages: MessageRecord[];
  cursor: number;
  hasMore: boolean;
}

/** `GET /api/v1/conversations/unread-count`: the threads with something unread (the header's badge). */
export interface UnreadCount {
  count: number;
}
