import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { maskContacts } from '../../src/domain/contact-masking';
import {
  CONVERSATIONS_LIST_MAX,
  CONVERSATIONS_PER_DAY,
  MESSAGES_PAGE_MAX,
  MESSAGES_PER_MINUTE,
  type ConversationRecord,
  type ConversationRole,
  type MessageRecord,
  type MessagesPage,
} from '../../src/domain/conversation';
import type { NewConversationValues, NewMessageValues } from '../../src/domain/conversation-forms';
import type { ListingKind } from '../../src/domain/listing-kinds';
import { nextPostAllowedAt, POSTING_WINDOW_MS, formatPostingWait } from '../../src/domain/posting-limits';
import { PHONE_SHOWN_STATUSES, type RequestKind } from '../../src/domain/request-status';
import { rentAdTitle } from '../../src/domain/rent-post';
import { scamWarnings } from '../../src/domain/scam-warnings';
import { parseServiceCategory, serviceCategoryName } from '../../src/domain/service-category';
import { localDigits } from '../../src/i18n/digits';
import type { Locale } from '../../src/i18n/locale';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/client';
import {
  conversationMembers,
  conversations,
  messages,
  rentPosts,
  reports,
  requests,
  services,
  userBlocks,
  users,
  type MessageRow,
} from '../db/schema';
import { recordEvent } from '../events/user-events';
import { HttpError } from '../http/errors';
import { lockPoster, postingLimitReached } from '../http/posting-limit';
import { countRequest } from '../http/rate-limit';
import { placeOf } from '../places/place-input';
import { isUuid } from '../rent/rent-posts';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Reading and writing conversations (issue 42). A conversation is one row plus a row per person
 * (conversation_members: their read mark, whether they shared their number, and a copy of the last message's time
 * that their list is ordered by). Every answer is written for one reader: a message from the other person is masked
 * (src/domain/contact-masking.ts) unless its writer shared their number here or a request between the two was
 * accepted, and carries scam warnings (src/domain/scam-warnings.ts) while no request between them was accepted.
 * What is stored is always the text as written. Repeats are settled by unique indexes (one conversation per listing
 * and starter, one message per author and clientId): the loser of a race reads the winner's row.
 */

/** What decides how one person sees the other's messages in one conversation. */
interface ReaderView {
  readerId: string;
  /** The other person pressed "Share my number" here: their messages reach the reader unmasked. */
  otherShared: boolean;
  /** A request between the two is accepted or done: nothing is masked, no warnings. */
  requestAccepted: boolean;
}

/** A message as `view.readerId` may see it. */
export function messageFor(row: MessageRow, view: ReaderView): MessageRecord {
  const base = { _id: row.id, conversationId: row.conversationId, seq: row.seq, authorId: row.authorId };
  const createdAt = row.createdAt.toISOString();
  if (row.authorId === view.readerId) {
    return { ...base, mine: true, clientId: row.clientId, text: row.text, masked: false, warnings: [], createdAt };
  }
  const shown = view.otherShared || view.requestAccepted;
  const masked = shown ? undefined : maskContacts(row.text);
  return {
    ...base,
    mine: false,
    text: masked ? masked.text : row.text,
    masked: masked ? masked.hidden.length > 0 : false,
    warnings: view.requestAccepted ? [] : scamWarnings(row.text),
    createdAt,
  };
}

const mine = alias(conversationMembers, 'mine');
const theirs = alias(conversationMembers, 'theirs');
const others = alias(users, 'others');

const phoneShown = sql.raw(`(${PHONE_SHOWN_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/**
 * The reader's conversations (those `where` picks) with everything a record needs but the last message and the
 * listing's title: one query, whatever the number of rows.
 */
function conversationRows(db: Database, readerId: string, where?: SQL) {
  return db
    .select({
      conversation: conversations,
      readUpTo: mine.readUpTo,
      mySharedAt: mine.sharedNumberAt,
      myLastMessageAt: mine.lastMessageAt,
      otherId: theirs.userId,
      otherSharedAt: theirs.sharedNumberAt,
      otherName: others.name,
      otherPhone: others.phoneNumber,
      unread: sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id}
        and ${messages.authorId} = ${theirs.userId} and ${messages.seq} > ${mine.readUpTo})`,
      blockedByMe: sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${mine.userId}
        and ${userBlocks.blockedId} = ${theirs.userId})`,
      blockedMe: sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${theirs.userId}
        and ${userBlocks.blockedId} = ${mine.userId})`,
      requestAccepted: sql<boolean>`exists (select 1 from ${requests} where ${requests.status} in ${phoneShown}
        and ((${requests.customerId} = ${mine.userId} and ${requests.ownerId} = ${theirs.userId})
          or (${requests.customerId} = ${theirs.userId} and ${requests.ownerId} = ${mine.userId})))`,
    })
    .from(mine)
    .innerJoin(conversations, eq(conversations.id, mine.conversationId))
    .innerJoin(theirs, and(eq(theirs.conversationId, mine.conversationId), ne(theirs.userId, mine.userId)))
    .innerJoin(others, eq(others.id, theirs.userId))
    .where(and(eq(mine.userId, readerId), where))
    .orderBy(sql`${mine.lastMessageAt} desc nulls last`, desc(conversations.createdAt), desc(conversations.id))
    .limit(CONVERSATIONS_LIST_MAX);
}

type ConversationFacts = Awaited<ReturnType<typeof conversationRows>>[number];

const viewOf = (row: ConversationFacts, readerId: string): ReaderView => ({
  readerId,
  otherShared: row.otherSharedAt !== null,
  requestAccepted: row.requestAccepted,
});

/** The listings' titles in `locale`, by `kind:id`: one query per kind. */
async function listingTitles(db: Database, rows: readonly ConversationFacts[], locale: Locale) {
  const idsOf = (kind: ListingKind) => [
    ...new Set(rows.filter((row) => row.conversation.listingKind === kind).map((row) => row.conversation.listingId)),
  ];
  const rentIds = idsOf('rent');
  const serviceIds = idsOf('service');
  const [ads, offers] = await Promise.all([
    rentIds.length === 0
      ? []
      : db
          .select({ id: rentPosts.id, category: rentPosts.category, city: rentPosts.city, placeId: rentPosts.placeId })
          .from(rentPosts)
          .where(inArray(rentPosts.id, rentIds)),
    serviceIds.length === 0
      ? []
      : db
          .select({ id: services.id, category: services.category })
          .from(services)
          .where(inArray(services.id, serviceIds)),
  ]);
  const titles = new Map<string, string>();
  for (const ad of ads) {
    titles.set(
      `rent:${ad.id}`,
      rentAdTitle({ category: ad.category, city: ad.city, place: placeOf(ad.placeId) }, locale),
    );
  }
  for (const offer of offers) {
    const category = parseServiceCategory(offer.category);
    const name = category && category !== 'all' ? serviceCategoryName(category, locale) : offer.category;
    titles.set(`service:${offer.id}`, name);
  }
  return titles;
}

/** The latest message of each conversation: one query. */
async function lastMessages(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, MessageRow>();
  const rows = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(inArray(messages.conversationId, [...ids]))
    .orderBy(messages.conversationId, desc(messages.seq));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

/** The records of the reader's conversations that `where` picks, newest activity first. Four queries at most. */
async function conversationRecords(
  db: Database,
  readerId: string,
  locale: Locale,
  where?: SQL,
): Promise<ConversationRecord[]> {
  const rows = await conversationRows(db, readerId, where);
  const [titles, lasts] = await Promise.all([
    listingTitles(db, rows, locale),
    lastMessages(
      db,
      rows.map((row) => row.conversation.id),
    ),
  ]);
  return rows.map((row) => {
    const { conversation } = row;
    const view = viewOf(row, readerId);
    const last = lasts.get(conversation.id);
    const role: ConversationRole = conversation.starterId === readerId ? 'starter' : 'owner';
    const numberShown = row.otherSharedAt !== null || row.requestAccepted;
    return {
      _id: conversation.id,
      listing: {
        kind: conversation.listingKind as ListingKind,
        _id: conversation.listingId,
        title: titles.get(`${conversation.listingKind}:${conversation.listingId}`) ?? '',
      },
      role,
      other: { _id: row.otherId, name: row.otherName },
      lastMessage: last ? messageFor(last, view) : null,
      lastMessageAt: conversation.lastMessageAt?.toISOString() ?? null,
      unread: row.unread,
      sharedMyNumber: row.mySharedAt !== null,
      otherNumber: numberShown && row.otherPhone ? row.otherPhone : null,
      blockedByMe: row.blockedByMe,
      blockedMe: row.blockedMe,
      createdAt: conversation.createdAt.toISOString(),
    };
  });
}

/** The reader's conversations, newest activity first, at most CONVERSATIONS_LIST_MAX. */
export function conversationsOf(db: Database, readerId: string, locale: Locale): Promise<ConversationRecord[]> {
  return conversationRecords(db, readerId, locale);
}

const notFound = () => new HttpError(404, m.server_conversations_not_found());

/** One conversation as its member `readerId` sees it; 404 for anyone else and for an id that is no uuid. */
export async function conversationFor(
  db: Database,
  id: string,
  readerId: string,
  locale: Locale,
): Promise<ConversationRecord> {
  if (!isUuid(id)) throw notFound();
  const [record] = await conversationRecords(db, readerId, locale, eq(conversations.id, id.toLowerCase()));
  if (!record) throw notFound();
  return record;
}

/** The membership facts of one conversation for `readerId` (404 for a stranger). */
async function factsFor(db: Database, id: string, readerId: string): Promise<ConversationFacts> {
  if (!isUuid(id)) throw notFound();
  const [row] = await conversationRows(db, readerId, eq(conversations.id, id.toLowerCase()));
  if (!row) throw notFound();
  return row;
}

/** How many of the reader's conversations have a message from the other person after their read mark. One query. */
export async function unreadCountOf(db: Database, readerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mine)
    .where(
      and(
        eq(mine.userId, readerId),
        sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${mine.conversationId}
          and ${messages.authorId} <> ${mine.userId} and ${messages.seq} > ${mine.readUpTo})`,
      ),
    );
  return row?.count ?? 0;
}

/** Whether either person blocked the other. */
async function blockedBetween(db: Database, one: string, other: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, one), eq(userBlocks.blockedId, other)),
        and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, one)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const blockedRefusal = () => new HttpError(403, m.server_conversations_blocked());

/** The owner of a listing that can be written about; undefined when it is missing, deleted or hidden. */
async function listingOwner(db: Database, kind: ListingKind, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  if (kind === 'service') {
    const [row] = await db
      .select({ ownerId: services.providerId })
      .from(services)
      .where(and(eq(services.id, id.toLowerCase()), isNull(services.deletedAt)));
    return row?.ownerId;
  }
  const [row] = await db
    .select({ ownerId: rentPosts.userId })
    .from(rentPosts)
    .where(and(eq(rentPosts.id, id.toLowerCase()), isNull(rentPosts.deletedAt)));
  return row?.ownerId;
}

/** The refusal of a conversation past CONVERSATIONS_PER_DAY: 429, Retry-After, and when in words. */
const conversationLimitMessage = (locale: Locale) => (waitMs: number) =>
  m.server_conversations_limit({
    max: localDigits(String(CONVERSATIONS_PER_DAY), locale),
    wait: formatPostingWait(waitMs),
  });

/** Who a conversation is between, and about what. */
interface ConversationParties {
  listingKind: ListingKind;
  listingId: string;
  starterId: string;
  ownerId: string;
}

/** The conversation of these parties, if there is one. */
async function existingConversation(db: Database, parties: ConversationParties): Promise<string | undefined> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.listingKind, parties.listingKind),
        eq(conversations.listingId, parties.listingId),
        eq(conversations.starterId, parties.starterId),
      ),
    );
  return row?.id;
}

/**
 * Finds the parties' conversation or makes it, with its two members, as `readerId` sees it (`created` when made).
 * `beforeInsert` runs in the insert's transaction (the daily limit's count). Refused with 403 when either blocked the
 * other. Two at once: the unique index lets one through, and the other answers it.
 */
async function findOrStart(
  db: Database,
  parties: ConversationParties,
  readerId: string,
  now: Date,
  locale: Locale,
  beforeInsert: (tx: Database) => Promise<void> = async () => undefined,
): Promise<{ record: ConversationRecord; created: boolean }> {
  const found = await existingConversation(db, parties);
  if (found) return { record: await conversationFor(db, found, readerId, locale), created: false };
  if (await blockedBetween(db, parties.starterId, parties.ownerId)) throw blockedRefusal();
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      await beforeInsert(tx);
      const [row] = await tx
        .insert(conversations)
        .values({ ...parties, createdAt: now })
        .returning({ id: conversations.id });
      if (!row) throw new Error('The conversation was not stored');
      await tx.insert(conversationMembers).values([
        { conversationId: row.id, userId: parties.starterId },
        { conversationId: row.id, userId: parties.ownerId },
      ]);
      return row.id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await existingConversation(db, parties);
    if (!winner) throw error;
    return { record: await conversationFor(db, winner, readerId, locale), created: false };
  }
  return { record: await conversationFor(db, id, readerId, locale), created: true };
}

/**
 * Starts the conversation of `starterId` about a listing, or finds the one they already have (`created` false).
 * Refused: 404 for a missing, deleted or hidden listing, 400 for one's own, 403 when either blocked the other, 429
 * past the daily limit (counted under the starter's locked row, so parallel starts cannot slip past it).
 */
export async function startConversation(
  db: Database,
  starterId: string,
  input: NewConversationValues,
  now: Date,
  locale: Locale,
): Promise<{ record: ConversationRecord; created: boolean }> {
  const ownerId = await listingOwner(db, input.listingKind, input.listingId);
  if (!ownerId) throw new HttpError(404, m.server_conversations_listing_not_found());
  if (ownerId === starterId) throw new HttpError(400, m.server_conversations_own_listing());
  const parties = { listingKind: input.listingKind, listingId: input.listingId.toLowerCase(), starterId, ownerId };
  return findOrStart(db, parties, starterId, now, locale, async (tx) => {
    await lockPoster(tx, starterId);
    const recent = await tx
      .select({ createdAt: conversations.createdAt })
      .from(conversations)
      .where(
        and(
          eq(conversations.starterId, starterId),
          gt(conversations.createdAt, new Date(now.getTime() - POSTING_WINDOW_MS)),
        ),
      )
      .orderBy(desc(conversations.createdAt))
      .limit(CONVERSATIONS_PER_DAY);
    const allowedAt = nextPostAllowedAt(
      recent.map((row) => row.createdAt.getTime()),
      CONVERSATIONS_PER_DAY,
    );
    if (allowedAt !== undefined) {
      throw postingLimitReached(allowedAt, now.getTime(), conversationLimitMessage(locale));
    }
  });
}

/** The listing kind a request's kind is about. */
const LISTING_OF_REQUEST = { visit: 'rent', service: 'service' } as const satisfies Record<RequestKind, ListingKind>;

/**
 * A request's thread (issue 42, point 1): the conversation of its listing and its customer, found or started by either
 * side of the request, as `readerId` sees it. Anyone else, and an id that is no request's, gets 404. Not held to the
 * daily limit of new conversations: a request is limited on its own, and the owner of a listing could not start one
 * about it otherwise. Refused with 403 when either blocked the other.
 */
export async function conversationOfRequest(
  db: Database,
  requestId: string,
  readerId: string,
  now: Date,
  locale: Locale,
): Promise<{ record: ConversationRecord; created: boolean }> {
  if (!isUuid(requestId)) throw new HttpError(404, m.server_conversations_request_not_found());
  const [request] = await db
    .select({
      kind: requests.kind,
      listingId: requests.listingId,
      customerId: requests.customerId,
      ownerId: requests.ownerId,
    })
    .from(requests)
    .where(
      and(
        eq(requests.id, requestId.toLowerCase()),
        or(eq(requests.customerId, readerId), eq(requests.ownerId, readerId)),
      ),
    );
  if (!request) throw new HttpError(404, m.server_conversations_request_not_found());
  const parties = {
    listingKind: LISTING_OF_REQUEST[request.kind as RequestKind],
    listingId: request.listingId,
    starterId: request.customerId,
    ownerId: request.ownerId,
  };
  return findOrStart(db, parties, readerId, now, locale);
}

const SINCE_PATTERN = /^(0|[1-9][0-9]{0,15})$/;

/** `?since=`: absent, or a message number an answer could have handed out (a safe whole number). */
export function parseSince(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const since = SINCE_PATTERN.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(since)) throw new HttpError(400, m.server_conversations_since_invalid());
  return since;
}

/**
 * The messages of a conversation after `since`, oldest first, at most MESSAGES_PAGE_MAX; without `since` the latest
 * MESSAGES_PAGE_MAX, so a long thread opens at its end. `cursor` is the next `since`; `hasMore` says that more
 * messages follow it.
 */
export async function messagesOf(
  db: Database,
  id: string,
  readerId: string,
  since: number | undefined,
): Promise<MessagesPage> {
  const facts = await factsFor(db, id, readerId);
  const conversationId = facts.conversation.id;
  const view = viewOf(facts, readerId);
  let rows: MessageRow[];
  let hasMore = false;
  if (since === undefined) {
    const latest = await db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.seq))
      .limit(MESSAGES_PAGE_MAX);
    rows = latest.reverse();
  } else {
    const after = await db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, since)))
      .orderBy(asc(messages.seq))
      .limit(MESSAGES_PAGE_MAX + 1);
    hasMore = after.length > MESSAGES_PAGE_MAX;
    rows = after.slice(0, MESSAGES_PAGE_MAX);
  }
  const cursor = rows.at(-1)?.seq ?? since ?? 0;
  return { messages: rows.map((row) => messageFor(row, view)), cursor, hasMore };
}

const MINUTE_MS = 60 * 1000;

/**
 * Counts one message against MESSAGES_PER_MINUTE (a fixed minute, in the shared rate-limit counters), inside the
 * message's transaction: a message refused afterwards, or this refusal itself, rolls its count back, and a repeated
 * clientId never reaches here, so it counts once.
 */
async function countMessage(tx: Database, authorId: string, now: Date, locale: Locale): Promise<void> {
  const counted = await countRequest({ db: tx, clock: { now: () => now } }, `messages:${authorId}`, MINUTE_MS, now);
  if (counted.count <= MESSAGES_PER_MINUTE) return;
  const seconds = Math.max(1, Math.ceil((counted.windowStart + MINUTE_MS - counted.now) / 1000));
  throw new HttpError(
    429,
    m.server_conversations_messages_limit({
      max: localDigits(String(MESSAGES_PER_MINUTE), locale),
      seconds: localDigits(String(seconds), locale),
    }),
    { headers: { 'Retry-After': String(seconds) } },
  );
}

/**
 * Writes a message as `authorId`, or answers the one they already sent with this clientId (`created` false) and adds
 * nothing. In the message's transaction: the conversation's and both members' last_message_at, and an event for
 * each person with the message as they may read it. Refused: 404 for a stranger, 403 when either blocked the other,
 * 409 for a clientId used in another conversation, 429 past MESSAGES_PER_MINUTE.
 */
export async function sendMessage(
  db: Database,
  id: string,
  authorId: string,
  input: NewMessageValues,
  now: Date,
  locale: Locale,
): Promise<{ record: MessageRecord; created: boolean; recipientId: string }> {
  const facts = await factsFor(db, id, authorId);
  const recipientId = facts.otherId;
  const conversationId = facts.conversation.id;
  const writerView: ReaderView = { readerId: authorId, otherShared: false, requestAccepted: false };
  const earlier = async (tx: Database) => {
    const [row] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.authorId, authorId), eq(messages.clientId, input.clientId)));
    if (row && row.conversationId !== conversationId) {
      throw new HttpError(409, m.server_conversations_client_id_used());
    }
    return row;
  };
  try {
    return await db.transaction(async (tx) => {
      // A person's sends go one after another: a retry sent alongside the first finds it written.
      await lockPoster(tx, authorId);
      const repeat = await earlier(tx);
      if (repeat) return { record: messageFor(repeat, writerView), created: false, recipientId };
      if (await blockedBetween(tx, authorId, facts.otherId)) throw blockedRefusal();
      await countMessage(tx, authorId, now, locale);
      const [row] = await tx
        .insert(messages)
        .values({ conversationId, authorId, clientId: input.clientId, text: input.text, createdAt: now })
        .returning();
      if (!row) throw new Error('The message was not stored');
      await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversationId));
      await tx
        .update(conversationMembers)
        .set({ lastMessageAt: now })
        .where(eq(conversationMembers.conversationId, conversationId));
      const record = messageFor(row, writerView);
      await recordEvent(tx, authorId, { type: 'message', conversationId, message: record });
      await recordEvent(tx, facts.otherId, {
        type: 'message',
        conversationId,
        message: messageFor(row, {
          readerId: facts.otherId,
          otherShared: facts.mySharedAt !== null,
          requestAccepted: facts.requestAccepted,
        }),
      });
      return { record, created: true, recipientId };
    });
  } catch (error) {
    // A retry on another connection won the unique index: answer its message.
    if (!isUniqueViolation(error)) throw error;
    const repeat = await earlier(db);
    if (!repeat) throw error;
    return { record: messageFor(repeat, writerView), created: false, recipientId };
  }
}

/**
 * Moves the reader's read mark forward to `upTo`, never back, and never past the conversation's last message (a
 * larger `upTo` is clamped to it). Tells the reader's other devices when it moved.
 */
export async function markRead(db: Database, id: string, readerId: string, upTo: number): Promise<void> {
  const facts = await factsFor(db, id, readerId);
  const conversationId = facts.conversation.id;
  await db.transaction(async (tx) => {
    const lastSeq = sql`(select coalesce(max(${messages.seq}), 0) from ${messages}
      where ${messages.conversationId} = ${conversationId})`;
    const target = sql`least(${upTo}::bigint, ${lastSeq})`;
    const moved = await tx
      .update(conversationMembers)
      .set({ readUpTo: target })
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.userId, readerId),
          sql`${conversationMembers.readUpTo} < ${target}`,
        ),
      )
      .returning({ readUpTo: conversationMembers.readUpTo });
    if (moved.length > 0) await recordEvent(tx, readerId, { type: 'conversation', conversationId });
  });
}

/** Tells both people that something of the conversation changed (a shared number, a block). */
async function tellBoth(tx: Database, facts: ConversationFacts, readerId: string): Promise<void> {
  const conversationId = facts.conversation.id;
  await recordEvent(tx, readerId, { type: 'conversation', conversationId });
  await recordEvent(tx, facts.otherId, { type: 'conversation', conversationId });
}

/** "Share my number": from now on the reader's messages here, old and new, reach the other unmasked. 409 without one. */
export async function shareNumber(db: Database, id: string, readerId: string, now: Date): Promise<void> {
  const facts = await factsFor(db, id, readerId);
  if (facts.mySharedAt !== null) return;
  const [me] = await db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, readerId));
  if (!me?.phone.trim()) throw new HttpError(409, m.server_conversations_no_number());
  await db.transaction(async (tx) => {
    const shared = await tx
      .update(conversationMembers)
      .set({ sharedNumberAt: now })
      .where(
        and(
          eq(conversationMembers.conversationId, facts.conversation.id),
          eq(conversationMembers.userId, readerId),
          isNull(conversationMembers.sharedNumberAt),
        ),
      )
      .returning({ at: conversationMembers.sharedNumberAt });
    if (shared.length > 0) await tellBoth(tx, facts, readerId);
  });
}

/** Blocks (or unblocks) the other person of a conversation: no messages either way, in any of their conversations. */
export async function setBlock(db: Database, id: string, readerId: string, blocked: boolean): Promise<void> {
  const facts = await factsFor(db, id, readerId);
  await db.transaction(async (tx) => {
    const changed = blocked
      ? await tx
          .insert(userBlocks)
          .values({ blockerId: readerId, blockedId: facts.otherId })
          .onConflictDoNothing()
          .returning({ id: userBlocks.blockedId })
      : await tx
          .delete(userBlocks)
          .where(and(eq(userBlocks.blockerId, readerId), eq(userBlocks.blockedId, facts.otherId)))
          .returning({ id: userBlocks.blockedId });
    if (changed.length > 0) await tellBoth(tx, facts, readerId);
  });
}

/** Whether `userId` is one of the conversation's two people (reports check it). */
export async function isMember(db: Database, id: string, userId: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, id.toLowerCase()), eq(conversationMembers.userId, userId)));
  return row !== undefined;
}

/**
 * A reported conversation's messages for a moderator, as written (unmasked: the moderator judges what was said).
 * 404 unless the conversation has a report still open.
 */
export async function reportedMessages(db: Database, id: string): Promise<MessageRecord[]> {
  if (!isUuid(id)) throw notFound();
  const conversationId = id.toLowerCase();
  const [reported] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.kind, 'conversation'), eq(reports.targetId, conversationId), eq(reports.status, 'open')))
    .limit(1);
  if (!reported) throw notFound();
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(MESSAGES_PAGE_MAX);
  return rows.reverse().map((row) => ({
    _id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    authorId: row.authorId,
    mine: false,
    text: row.text,
    masked: false,
    warnings: scamWarnings(row.text),
    createdAt: row.createdAt.toISOString(),
  }));
}
