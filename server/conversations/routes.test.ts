import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '../../src/domain/contact-masking';
import {
  CONVERSATIONS_PER_DAY,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_MAX,
  MESSAGES_PER_MINUTE,
  type ConversationRecord,
  type MessageRecord,
  type UnreadCount,
} from '../../src/domain/conversation';
import { toLatinDigits } from '../../src/i18n/digits';
import { conversations, messages, requests, userEvents, users } from '../db/schema';
import { ask, rentAdOf, serviceOf, serviceRequest } from '../requests/request-test-kit';
import { registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';
import { act, conversationBetween, headOf, pageOf, send, start } from './conversation-test-kit';

/**
 * /api/v1/conversations (issue 42): who may reach a conversation (its two people only; moderators only while it is
 * reported), exactly once under retries, masking and scam warnings per reader through the API, the limits, blocks,
 * read marks and unread counts, delta reads, and the events written for each side.
 */

const moderatorEmail = `moderator-${randomUUID().slice(0, 8)}@example.com`;
const ctx = testContextForFile({ env: { MODERATOR_EMAILS: moderatorEmail } });

let owner: SignedInUser;
let starter: SignedInUser;
let stranger: SignedInUser;
let moderator: SignedInUser;

beforeAll(async () => {
  [owner, starter, stranger, moderator] = await Promise.all([
    registerSignedIn(ctx, 'conv-owner'),
    registerSignedIn(ctx, 'conv-starter'),
    registerSignedIn(ctx, 'conv-stranger'),
    registerSignedIn(ctx, 'conv-moderator', { email: moderatorEmail }),
  ]);
});

/** Two new people, so that a test's blocks, limits and requests touch no other test. */
async function twoPeople(label: string) {
  return Promise.all([registerSignedIn(ctx, `${label}-owner`), registerSignedIn(ctx, `${label}-starter`)]);
}

/** Moves the clock past the current minute's message limit. */
const nextMinute = () => ctx.clock.advance(61_000);

/** A request between the two, put straight into `status` (the request moves are tested in server/requests). */
async function requestBetween(listingOwner: SignedInUser, customer: SignedInUser, status: 'accepted' | 'done') {
  const service = await serviceOf(ctx, listingOwner);
  const asked = await ask(ctx, customer.token, serviceRequest(ctx, service));
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  await ctx.db.update(requests).set({ status }).where(eq(requests.id, asked.body.data!._id));
}

const eventsOf = async (user: SignedInUser, conversationId: string) =>
  ctx.db
    .select()
    .from(userEvents)
    .where(and(eq(userEvents.userId, user.id), sql`${userEvents.data}->>'conversationId' = ${conversationId}`))
    .orderBy(userEvents.id);

describe('POST /api/v1/conversations', () => {
  it('starts one conversation per listing and person: 201, then 200 with the same one, also when sent at once', async () => {
    const ad = await rentAdOf(ctx, owner);
    const first = await start(ctx, starter.token, { listingKind: 'rent', listingId: ad });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      listing: { kind: 'rent', _id: ad },
      role: 'starter',
      other: { _id: owner.id, name: 'Rahim Chowdhury' },
      lastMessage: null,
      unread: 0,
      sharedMyNumber: false,
      otherNumber: null,
      blockedByMe: false,
      blockedMe: false,
    });
    expect(first.body.data!.listing.title).toContain('Family Room');
    const again = await start(ctx, starter.token, { listingKind: 'rent', listingId: ad.toUpperCase() });
    expect([again.status, again.body.data?._id]).toEqual([200, first.body.data!._id]);

    const service = await serviceOf(ctx, owner);
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => start(ctx, starter.token, { listingKind: 'service', listingId: service })),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(racing.map((answer) => answer.body.data!._id)).size).toBe(1);
    const rows = await ctx.db.select().from(conversations).where(eq(conversations.listingId, service));
    expect(rows).toHaveLength(1);
    // The owner sees it too, as the owner, with the listing's title in their language.
    const bangla = await ctx.request<ConversationRecord>('GET', `/api/v1/conversations/${rows[0]!.id}`, {
      token: owner.token,
      headers: { 'Accept-Language': 'bn' },
    });
    expect(bangla.body.data).toMatchObject({ role: 'owner', other: { _id: starter.id }, listing: { kind: 'service' } });
    expect(bangla.body.data!.listing.title).toBe('প্লাম্বার');
  });

  it('refuses with clear 4xx answers in the request’s language, and stores nothing', async () => {
    const ad = await rentAdOf(ctx, owner);
    const deleted = await rentAdOf(ctx, owner, { deletedAt: new Date() });
    const hiddenService = await serviceOf(ctx, owner, { deletedAt: new Date() });
    const cases: [unknown, number, string?][] = [
      [{ listingKind: 'rent', listingId: deleted }, 404, 'not found'],
      [{ listingKind: 'service', listingId: hiddenService }, 404, 'not found'],
      [{ listingKind: 'service', listingId: ad }, 404, 'not found'],
      [{ listingKind: 'rent', listingId: randomUUID() }, 404],
      [{ listingKind: 'rent', listingId: 'not-an-id' }, 404],
      [{ listingKind: 'flat', listingId: ad }, 400, 'rent ad or a service'],
      [{ listingKind: 'rent', listingId: '' }, 400, 'Choose the rent ad'],
      [{ listingKind: 'rent' }, 400],
      [{ listingKind: 'rent', listingId: ad, extra: 1 }, 400],
      [[], 400],
    ];
    for (const [body, status, words] of cases) {
      const answer = await start(ctx, stranger.token, body);
      expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), status]);
      if (words) expect(answer.body.message).toContain(words);
    }
    const own = await start(ctx, owner.token, { listingKind: 'rent', listingId: ad });
    expect(own.status).toBe(400);
    expect(own.body.message).toContain('your own listing');
    const bangla = await start(ctx, owner.token, { listingKind: 'rent', listingId: ad }, { 'Accept-Language': 'bn' });
    expect(bangla.body.message).toBe('এটি আপনার নিজের বিজ্ঞাপন: নিজের সঙ্গে কথোপকথন শুরু করা যায় না।');
    const unverified = await registerSignedIn(ctx, 'conv-unverified', { verified: false });
    expect((await start(ctx, unverified.token, { listingKind: 'rent', listingId: ad })).status).toBe(403);
    expect((await start(ctx, undefined, { listingKind: 'rent', listingId: ad })).status).toBe(401);
    expect(await ctx.db.select().from(conversations).where(eq(conversations.listingId, ad))).toHaveLength(0);
  });

  it(`allows ${CONVERSATIONS_PER_DAY} new conversations a day, then 429 with Retry-After until the oldest is a day old`, async () => {
    const [landlord, busy] = await twoPeople('conv-daily');
    // The day's earlier conversations, the first of them 23 hours ago.
    const firstAt = ctx.clock.now().getTime() - 23 * 60 * 60 * 1000;
    await ctx.db.insert(conversations).values(
      Array.from({ length: CONVERSATIONS_PER_DAY }, (_, index) => ({
        listingKind: 'rent',
        listingId: randomUUID(),
        starterId: busy.id,
        ownerId: landlord.id,
        createdAt: new Date(firstAt + index * 1000),
      })),
    );
    const ad = await rentAdOf(ctx, landlord);
    const refused = await start(ctx, busy.token, { listingKind: 'rent', listingId: ad });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBe(60 * 60);
    expect(refused.body.message).toContain(`up to ${CONVERSATIONS_PER_DAY} new conversations a day`);
    const bangla = await start(ctx, busy.token, { listingKind: 'rent', listingId: ad }, { 'Accept-Language': 'bn' });
    expect(bangla.body.message).toContain('দিনে সর্বোচ্চ ২০টি নতুন কথোপকথন');
    ctx.clock.advance(60 * 60 * 1000);
    expect((await start(ctx, busy.token, { listingKind: 'rent', listingId: ad })).status).toBe(201);
  });
});

describe('who may reach a conversation', () => {
  it('answers a stranger, a bad id and a moderator without a report 404 on every route, and a visitor 401', async () => {
    const { id } = await conversationBetween(ctx, owner, starter);
    await send(ctx, starter, id, 'Is the flat still free?');
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['GET', '/messages'],
      ['GET', '/messages?since=0'],
      ['POST', '/messages', { clientId: randomUUID(), text: 'Hello' }],
      ['POST', '/read', { upTo: 1 }],
      ['POST', '/share-number'],
      ['POST', '/block'],
      ['DELETE', '/block'],
    ];
    const before = await ctx.db.select().from(messages).where(eq(messages.conversationId, id));
    for (const [method, path, json] of routes) {
      for (const [who, target] of [
        [stranger, id],
        [moderator, id],
        [starter, 'not-a-uuid'],
        [starter, randomUUID()],
        [starter, `${id}x`],
      ] as const) {
        const answer = await ctx.request(method, `/api/v1/conversations/${target}${path}`, {
          token: who.token,
          ...(json ? { json } : {}),
        });
        expect([method, path, who.email, answer.status]).toEqual([method, path, who.email, 404]);
        expect(answer.body.success).toBe(false);
      }
      const visitor = await ctx.request(method, `/api/v1/conversations/${id}${path}`, json ? { json } : {});
      expect(visitor.status).toBe(401);
    }
    expect(await ctx.db.select().from(messages).where(eq(messages.conversationId, id))).toEqual(before);
    const list = await ctx.request<ConversationRecord[]>('GET', '/api/v1/conversations', { token: stranger.token });
    expect(list.body.data?.map((one) => one._id)).not.toContain(id);
    const bangla = await ctx.request('GET', `/api/v1/conversations/${id}`, {
      token: stranger.token,
      headers: { 'Accept-Language': 'bn' },
    });
    expect(bangla.body.message).toBe('এই কথোপকথনটি পাওয়া যায়নি।');
  });

  it('lets a member report it, and a moderator read its messages only while the report is open', async () => {
    const { id } = await conversationBetween(ctx, owner, starter);
    await send(ctx, owner, id, 'Send 5000 advance by bKash to 01712345678 today');
    const moderatorRead = () =>
      ctx.request<MessageRecord[]>('GET', `/api/v1/moderation/conversations/${id}/messages`, {
        token: moderator.token,
      });
    expect((await moderatorRead()).status).toBe(404);
    const report = (who: SignedInUser) =>
      ctx.request('POST', '/api/v1/reports', {
        token: who.token,
        json: { kind: 'conversation', targetId: id, reason: 'scam' },
      });
    expect((await report(stranger)).status).toBe(404);
    expect((await report(starter)).status).toBe(201);
    const read = await moderatorRead();
    expect(read.status).toBe(200);
    expect(read.body.data?.map((message) => message.text)).toEqual(['Send 5000 advance by bKash to 01712345678 today']);
    // Anyone else still gets nothing: 403 for a person who is not a moderator, 401 for a visitor.
    const notModerator = await ctx.request('GET', `/api/v1/moderation/conversations/${id}/messages`, {
      token: starter.token,
    });
    expect(notModerator.status).toBe(403);
    expect((await ctx.request('GET', `/api/v1/moderation/conversations/${id}/messages`)).status).toBe(401);
    // The moderation list names it; it cannot be hidden; dismissing closes it, and with it the moderator's view.
    const open = await ctx.request<{ groups: { kind: string; targetId: string; label: string }[] }>(
      'GET',
      '/api/v1/moderation/reports',
      { token: moderator.token },
    );
    expect(open.body.data?.groups.find((group) => group.targetId === id)).toMatchObject({
      kind: 'conversation',
      label: 'Conversation between Rahim Chowdhury and Rahim Chowdhury',
    });
    const hide = await ctx.request('POST', '/api/v1/moderation/hide', {
      token: moderator.token,
      json: { kind: 'conversation', targetId: id },
    });
    expect(hide.status).toBe(400);
    expect(hide.body.message).toContain('cannot be hidden');
    const dismissed = await ctx.request('POST', '/api/v1/moderation/dismiss', {
      token: moderator.token,
      json: { kind: 'conversation', targetId: id },
    });
    expect(dismissed.status).toBe(200);
    expect((await moderatorRead()).status).toBe(404);
  });
});

describe('POST /api/v1/conversations/{id}/messages', () => {
  it('answers the writer with their message as written: 201, mine, clientId, no mask, no warnings', async () => {
    const [landlord, renter] = await twoPeople('conv-send');
    const { id } = await conversationBetween(ctx, landlord, renter);
    const answer = await send(ctx, renter, id, '  Call me on 01712345678, advance by bKash ok?  ', 'client-1');
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      conversationId: id,
      authorId: renter.id,
      mine: true,
      clientId: 'client-1',
      text: 'Call me on 01712345678, advance by bKash ok?',
      masked: false,
      warnings: [],
    });
    const head = await headOf(ctx, renter, id);
    expect(head.body.data?.lastMessageAt).toBe(answer.body.data!.createdAt);
  });

  it('stores a message exactly once under retries, at once or one after another, with or without Idempotency-Key', async () => {
    const [landlord, renter] = await twoPeople('conv-once');
    const { id } = await conversationBetween(ctx, landlord, renter);
    const clientId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(ctx, renter, id, 'Only once', clientId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.data!._id)).size).toBe(1);
    const later = await send(ctx, renter, id, 'Only once', clientId);
    expect([later.status, later.body.data?._id]).toEqual([200, answers[0]!.body.data!._id]);
    // The outbox's retry with its Idempotency-Key, the first answer lost.
    const keyed = randomUUID();
    const headers = { 'Idempotency-Key': keyed };
    const retries = await Promise.all([1, 2].map(() => send(ctx, renter, id, 'Keyed', 'keyed-1', headers)));
    const again = await send(ctx, renter, id, 'Keyed', 'keyed-1', headers);
    expect(retries.every((answer) => answer.status < 300 || answer.status === 409)).toBe(true);
    expect(again.status).toBe(201);
    const rows = await ctx.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(rows.map((row) => row.text).sort()).toEqual(['Keyed', 'Only once']);
    // One event each per message, for both people.
    expect((await eventsOf(landlord, id)).filter((event) => event.type === 'message')).toHaveLength(2);
    expect((await eventsOf(renter, id)).filter((event) => event.type === 'message')).toHaveLength(2);
    // The same clientId in another conversation of the writer is refused, not answered with the first.
    const other = await conversationBetween(ctx, landlord, renter);
    const reused = await send(ctx, renter, other.id, 'Only once', clientId);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toContain('already used');
  });

  it('refuses texts outside 1 to 2,000 characters (counted as people count them) and bad client ids', async () => {
    const [landlord, renter] = await twoPeople('conv-length');
    const { id } = await conversationBetween(ctx, landlord, renter);
    const bad: [unknown, string?][] = [
      [{ clientId: 'a', text: '' }, 'Write a message of 1 to 2000 characters.'],
      [{ clientId: 'a', text: '   \n  ' }, 'Write a message of 1 to 2000 characters.'],
      [{ clientId: 'a', text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, 'Write a message of 1 to 2000 characters.'],
      [{ clientId: 'a', text: '😀'.repeat(MESSAGE_MAX_LENGTH + 1) }],
      [{ clientId: 'a', text: 42 }],
      [{ clientId: '', text: 'Hello' }, 'no valid id'],
      [{ clientId: 'has space', text: 'Hello' }, 'no valid id'],
      [{ clientId: 'x'.repeat(65), text: 'Hello' }, 'no valid id'],
      [{ text: 'Hello' }],
      [{ clientId: 'a', text: 'Hello', authorId: landlord.id }],
    ];
    for (const [json, words] of bad) {
      const answer = await ctx.request('POST', `/api/v1/conversations/${id}/messages`, { token: renter.token, json });
      expect([JSON.stringify(json).slice(0, 60), answer.status]).toEqual([JSON.stringify(json).slice(0, 60), 400]);
      if (words) expect(answer.body.message).toContain(words);
    }
    const bangla = await ctx.request('POST', `/api/v1/conversations/${id}/messages`, {
      token: renter.token,
      json: { clientId: 'a', text: '' },
      headers: { 'Accept-Language': 'bn' },
    });
    expect(bangla.body.message).toBe('১ থেকে ২০০০ অক্ষরের মধ্যে বার্তা লিখুন।');
    // 2,000 emoji are 4,000 UTF-16 units and 2,000 characters: accepted.
    expect((await send(ctx, renter, id, '😀'.repeat(MESSAGE_MAX_LENGTH))).status).toBe(201);
    expect((await send(ctx, renter, id, 'ক'.repeat(MESSAGE_MAX_LENGTH))).status).toBe(201);
    expect(await ctx.db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(2);
  });

  it(`allows ${MESSAGES_PER_MINUTE} messages a minute, then 429; a repeated clientId counts once`, async () => {
    nextMinute();
    const [landlord, renter] = await twoPeople('conv-minute');
    const { id } = await conversationBetween(ctx, landlord, renter);
    const first = await send(ctx, renter, id, 'message 0', 'minute-0');
    for (let index = 1; index < MESSAGES_PER_MINUTE; index += 1) {
      expect((await send(ctx, renter, id, `message ${index}`)).status).toBe(201);
    }
    expect((await send(ctx, renter, id, 'message 0', 'minute-0')).body.data?._id).toBe(first.body.data!._id);
    const refused = await send(ctx, renter, id, 'one too many');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.body.message).toContain(`up to ${MESSAGES_PER_MINUTE} messages a minute`);
    const bangla = await send(ctx, renter, id, 'one too many', randomUUID(), { 'Accept-Language': 'bn' });
    expect(bangla.body.message).toContain('মিনিটে সর্বোচ্চ ২০টি বার্তা');
    // The other person's own count is theirs.
    expect((await send(ctx, landlord, id, 'I can still answer')).status).toBe(201);
    nextMinute();
    expect((await send(ctx, renter, id, 'a new minute')).status).toBe(201);
    const rows = await ctx.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(rows).toHaveLength(MESSAGES_PER_MINUTE + 2);
  });

  it('stops messages both ways while either blocks the other, and a new conversation between them', async () => {
    const [landlord, renter] = await twoPeople('conv-block');
    const { id } = await conversationBetween(ctx, landlord, renter);
    const blocked = await act(ctx, landlord, 'POST', id, 'block');
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toMatchObject({ blockedByMe: true, blockedMe: false });
    expect((await headOf(ctx, renter, id)).body.data).toMatchObject({ blockedByMe: false, blockedMe: true });
    for (const writer of [landlord, renter]) {
      const answer = await send(ctx, writer, id, 'Hello?');
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Messages between you and this person are blocked.');
    }
    const otherAd = await rentAdOf(ctx, landlord);
    expect((await start(ctx, renter.token, { listingKind: 'rent', listingId: otherAd })).status).toBe(403);
    // Blocking twice changes nothing; the blocked person cannot lift it.
    expect((await act(ctx, landlord, 'POST', id, 'block')).status).toBe(200);
    expect((await act(ctx, renter, 'DELETE', id, 'block')).body.data?.blockedMe).toBe(true);
    expect((await send(ctx, landlord, id, 'Hello?')).status).toBe(403);
    // Both sides hear of it: one event each for the block.
    expect((await eventsOf(renter, id)).map((event) => event.type)).toEqual(['conversation']);
    const unblocked = await act(ctx, landlord, 'DELETE', id, 'block');
    expect(unblocked.body.data).toMatchObject({ blockedByMe: false, blockedMe: false });
    expect((await send(ctx, renter, id, 'Hello again')).status).toBe(201);
    // The other way round.
    await act(ctx, renter, 'POST', id, 'block');
    expect((await send(ctx, landlord, id, 'Are you there?')).status).toBe(403);
    expect(await ctx.db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(1);
  });
});

/** What a reader could still make out: letters and digits only, Latin digits, lower case. */
const readable = (text: string) =>
  toLatinDigits(text.normalize('NFKC'))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Ways people pass on a number, an address or a link, in both scripts, each with the part that must not show. */
const EVASIONS: [string, string][] = [
  ['call 01712345678', '345678'],
  ['০১৭১২৩৪৫৬৭৮', '345678'],
  ['+880 1712-345678', '345678'],
  ['+৮৮০ ১৭১২ ৩৪৫৬৭৮', '345678'],
  ['00880 1712 345678', '345678'],
  ['০১৭ ১২৩ ৪৫৬ ৭৮', '12345678'],
  ['0 1 7 1 2 3 4 5 6 7 8', '12345678'],
  ['017.123.45678', '12345678'],
  ['(017) 123-45678', '12345678'],
  ['01৭১2৩45৬৭8', '345678'],
  ['নম্বর: ০১৭১২ ৩৪৫ ৬৭৮', '345678'],
  ['O17l2345678', '2345678'],
  ['ｃall ０１７１２３４５６７８', '345678'],
  ['Dhaka office 02-9123456', '9123456'],
  ['017 is the start, then 1234 and 5678', '5678'],
  ['০১৭ দিয়ে শুরু, তারপর ১২৩৪, শেষে ৫৬৭৮', '5678'],
  ['zero one seven one two three four five six seven eight', 'fivesixseveneight'],
  ['শূন্য এক সাত এক দুই তিন চার পাঁচ ছয় সাত আট', 'পাঁচছয়'],
  ['ফোন দিন শূন্য এক সাত, এক দুই তিন, চার পাঁচ ছয়, সাত আট', 'চারপাঁচ'],
  ['ek shunno sat ek dui tin char pach choy sat aat', 'pachchoy'],
  ['017 one two three four five six seven eight', 'fivesix'],
  ['wa.me/8801712345678', 'wame'],
  ['https://wa.me/8801712345678', '345678'],
  ['whatsapp://send?phone=8801712345678', '345678'],
  ['join t.me/rahimflat', 'rahimflat'],
  ['visit facebook.com/rahim.flats today', 'rahimflats'],
  ['ছবি দেখুন bashabari.xyz এ', 'bashabari'],
  ['mail rahim.karim@gmail.com', 'rahimkarim'],
  ['rahim @ gmail . com', 'rahim'],
  ['rahim at gmail dot com', 'rahim'],
  ['rahim[at]gmail[dot]com', 'rahim'],
  ['আমার মেইল rahim এট gmail ডট com', 'rahim'],
  ['my telegram @rahim_flat', 'rahimflat'],
  ['ｗa.me/８８০১৭১২৩৪৫৬৭৮', '345678'],
];

/** Sends every evasion from `writer`, a few seconds apart so the per-minute limit never stops them. */
async function sendAll(writer: SignedInUser, id: string, texts: readonly string[]) {
  for (const text of texts) {
    ctx.clock.advance(4000);
    const answer = await send(ctx, writer, id, text);
    expect(answer.status, text).toBe(201);
    expect(answer.body.data?.text).toBe(text);
  }
}

describe('numbers hidden until shared (issue 42, point 4), through the API', () => {
  it(`masks ${EVASIONS.length} evasions for the reader, never for the writer, until the writer shares their number`, async () => {
    expect(EVASIONS.length).toBeGreaterThanOrEqual(30);
    const [landlord, renter] = await twoPeople('conv-mask');
    const { id } = await conversationBetween(ctx, landlord, renter);
    await sendAll(
      renter,
      id,
      EVASIONS.map(([text]) => text),
    );
    const read = await pageOf(ctx, landlord, id);
    expect(read.body.data?.messages).toHaveLength(EVASIONS.length);
    read.body.data!.messages.forEach((message, index) => {
      const [text, secret] = EVASIONS[index]!;
      expect([text, message.masked, message.mine]).toEqual([text, true, false]);
      expect(message.text, text).toContain(CONTACT_MASK);
      expect(readable(message.text), text).not.toContain(readable(secret));
      expect(message.clientId).toBeUndefined();
    });
    const own = await pageOf(ctx, renter, id);
    expect(own.body.data?.messages.map((message) => message.text)).toEqual(EVASIONS.map(([text]) => text));
    expect(own.body.data?.messages.every((message) => !message.masked && message.mine)).toBe(true);
    // The list's last message is masked for the reader too.
    const list = await ctx.request<ConversationRecord[]>('GET', '/api/v1/conversations', { token: landlord.token });
    expect(list.body.data?.find((one) => one._id === id)?.lastMessage?.text).toContain(CONTACT_MASK);
    expect(list.body.data?.find((one) => one._id === id)?.otherNumber).toBeNull();

    const shared = await act(ctx, renter, 'POST', id, 'share-number');
    expect(shared.status).toBe(200);
    expect(shared.body.data?.sharedMyNumber).toBe(true);
    const after = await pageOf(ctx, landlord, id);
    expect(after.body.data?.messages.map((message) => message.text)).toEqual(EVASIONS.map(([text]) => text));
    expect(after.body.data?.messages.every((message) => !message.masked)).toBe(true);
    const head = await headOf(ctx, landlord, id);
    expect(head.body.data?.otherNumber).toBeTruthy();
    // The landlord did not share: their messages still reach the renter masked, and the renter sees no number.
    await send(ctx, landlord, id, 'mine is 01812345678');
    const renterView = await pageOf(ctx, renter, id, after.body.data!.cursor);
    expect(renterView.body.data?.messages.map((message) => message.text)).toEqual([`mine is ${CONTACT_MASK}`]);
    expect((await headOf(ctx, renter, id)).body.data?.otherNumber).toBeNull();
  });

  it('leaves the same strings alone, both ways, once a request between the two is accepted', async () => {
    const [landlord, renter] = await twoPeople('conv-accepted');
    const { id } = await conversationBetween(ctx, landlord, renter);
    await requestBetween(landlord, renter, 'accepted');
    await sendAll(
      landlord,
      id,
      EVASIONS.map(([text]) => text),
    );
    const read = await pageOf(ctx, renter, id);
    expect(read.body.data?.messages.map((message) => message.text)).toEqual(EVASIONS.map(([text]) => text));
    expect(read.body.data?.messages.some((message) => message.masked)).toBe(false);
    expect((await headOf(ctx, renter, id)).body.data?.otherNumber).toBeTruthy();
    expect((await headOf(ctx, landlord, id)).body.data?.otherNumber).toBeTruthy();
  });

  it('needs a phone number on the account to share it: 409 with a clear message otherwise', async () => {
    const [landlord, renter] = await twoPeople('conv-nophone');
    const { id } = await conversationBetween(ctx, landlord, renter);
    await ctx.db.update(users).set({ phoneNumber: '' }).where(eq(users.id, renter.id));
    const refused = await act(ctx, renter, 'POST', id, 'share-number');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('no phone number');
    expect((await headOf(ctx, renter, id)).body.data?.sharedMyNumber).toBe(false);
    expect(await eventsOf(landlord, id)).toHaveLength(0);
  });
});

describe('scam warnings (issue 42, point 5), through the API', () => {
  const SCAMS: [string, string[]][] = [
    ['Please send 5000 advance to confirm the flat', ['advance-payment']],
    ['Booking fee is 2000 tk', ['advance-payment']],
    ['অগ্রিম ২ মাসের ভাড়া দিতে হবে', ['advance-payment']],
    ['বুকিং মানি ৫০০০ টাকা', ['advance-payment']],
    ['বিকাশে টাকা পাঠান', ['mobile-payment']],
    ['Nagad e pathan', ['mobile-payment']],
    ['pay here: https://pay.example.com/x', ['payment-link']],
    ['পেমেন্ট লিংক পাঠাচ্ছি', ['payment-link']],
    ['can I see the flat on Friday?', []],
    ['ভাড়া মাসে ১৫০০০ টাকা', []],
  ];

  it('warns the reader of the other’s messages in Bangla and English, never the writer, and none after an accepted request', async () => {
    const [landlord, renter] = await twoPeople('conv-scam');
    const { id } = await conversationBetween(ctx, landlord, renter);
    await sendAll(
      landlord,
      id,
      SCAMS.map(([text]) => text),
    );
    const read = await pageOf(ctx, renter, id);
    expect(read.body.data?.messages.map((message) => message.warnings)).toEqual(SCAMS.map(([, warnings]) => warnings));
    const own = await pageOf(ctx, landlord, id);
    expect(own.body.data?.messages.every((message) => message.warnings.length === 0)).toBe(true);
    await requestBetween(renter, landlord, 'done');
    const after = await pageOf(ctx, renter, id);
    expect(after.body.data?.messages.every((message) => message.warnings.length === 0)).toBe(true);
  });
});

describe('read marks, unread counts and delta reads', () => {
  it('counts unread messages per conversation and conversations with something unread; read never goes back', async () => {
    const [landlord, renter] = await twoPeople('conv-unread');
    const first = await conversationBetween(ctx, landlord, renter);
    const second = await conversationBetween(ctx, landlord, renter);
    const unreadCount = async (who: SignedInUser) =>
      (await ctx.request<UnreadCount>('GET', '/api/v1/conversations/unread-count', { token: who.token })).body.data
        ?.count;
    expect(await unreadCount(landlord)).toBe(0);
    const sent: MessageRecord[] = [];
    for (const text of ['one', 'two', 'three']) sent.push((await send(ctx, renter, first.id, text)).body.data!);
    ctx.clock.advance(1000);
    await send(ctx, renter, second.id, 'other');
    // A second later: the list's order is by the latest message's time, and messages in one instant tie.
    ctx.clock.advance(1000);
    await send(ctx, landlord, first.id, 'my own answer');
    expect(await unreadCount(landlord)).toBe(2);
    expect(await unreadCount(renter)).toBe(1);
    const list = await ctx.request<ConversationRecord[]>('GET', '/api/v1/conversations', { token: landlord.token });
    // Newest activity first: the first conversation had the last message.
    expect(list.body.data?.slice(0, 2).map((one) => [one._id, one.unread, one.lastMessage?.text])).toEqual([
      [first.id, 3, 'my own answer'],
      [second.id, 1, 'other'],
    ]);

    const read = await act(ctx, landlord, 'POST', first.id, 'read', { upTo: sent[1]!.seq });
    expect([read.status, read.body.data?.unread]).toEqual([200, 1]);
    expect((await act(ctx, landlord, 'POST', first.id, 'read', { upTo: 0 })).body.data?.unread).toBe(1);
    // Beyond the last message: clamped to it, so a message still to come counts as unread.
    expect((await act(ctx, landlord, 'POST', first.id, 'read', { upTo: 9_000_000_000 })).body.data?.unread).toBe(0);
    expect(await unreadCount(landlord)).toBe(1);
    await send(ctx, renter, first.id, 'four');
    expect((await headOf(ctx, landlord, first.id)).body.data?.unread).toBe(1);
    // The reader's other devices hear of each move of the mark; the writer hears nothing of it.
    const landlordEvents = (await eventsOf(landlord, first.id)).filter((event) => event.type === 'conversation');
    expect(landlordEvents).toHaveLength(2);
    expect((await eventsOf(renter, first.id)).filter((event) => event.type === 'conversation')).toHaveLength(0);
    for (const bad of [{ upTo: -1 }, { upTo: 1.5 }, { upTo: '3' }, {}, { upTo: 1, extra: true }]) {
      const answer = await act(ctx, landlord, 'POST', first.id, 'read', bad);
      expect([JSON.stringify(bad), answer.status]).toEqual([JSON.stringify(bad), 400]);
    }
  });

  it('reads messages after `since`, oldest first, and without it the latest page', async () => {
    const [landlord, renter] = await twoPeople('conv-delta');
    const { id } = await conversationBetween(ctx, landlord, renter);
    const empty = await pageOf(ctx, renter, id);
    expect(empty.body.data).toEqual({ messages: [], cursor: 0, hasMore: false });
    const total = MESSAGES_PAGE_MAX + 5;
    await ctx.db.insert(messages).values(
      Array.from({ length: total }, (_, index) => ({
        conversationId: id,
        authorId: index % 2 ? landlord.id : renter.id,
        clientId: `bulk-${index}`,
        text: `message ${index}`,
      })),
    );
    const latest = await pageOf(ctx, renter, id);
    const texts = latest.body.data!.messages.map((message) => message.text);
    expect(texts).toHaveLength(MESSAGES_PAGE_MAX);
    expect([texts[0], texts.at(-1), latest.body.data?.hasMore]).toEqual(['message 5', `message ${total - 1}`, false]);
    const seqs = latest.body.data!.messages.map((message) => message.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(latest.body.data?.cursor).toBe(seqs.at(-1));

    const fromStart = await pageOf(ctx, renter, id, 0);
    expect(fromStart.body.data?.messages).toHaveLength(MESSAGES_PAGE_MAX);
    expect([fromStart.body.data?.messages[0]?.text, fromStart.body.data?.hasMore]).toEqual(['message 0', true]);
    const rest = await pageOf(ctx, renter, id, fromStart.body.data!.cursor);
    expect(rest.body.data?.messages.map((message) => message.text)).toEqual(
      Array.from({ length: 5 }, (_, index) => `message ${MESSAGES_PAGE_MAX + index}`),
    );
    expect(rest.body.data?.hasMore).toBe(false);
    const nothingNew = await pageOf(ctx, renter, id, rest.body.data!.cursor);
    expect(nothingNew.body.data).toEqual({ messages: [], cursor: rest.body.data!.cursor, hasMore: false });
    const sent = await send(ctx, landlord, id, 'one more');
    const delta = await pageOf(ctx, renter, id, rest.body.data!.cursor);
    expect(delta.body.data?.messages.map((message) => [message._id, message.mine])).toEqual([
      [sent.body.data!._id, false],
    ]);
    for (const bad of ['', 'abc', '-1', '1.5', '1e3', '007', '9'.repeat(20), '0x10']) {
      const answer = await pageOf(ctx, renter, id, bad);
      expect([bad, answer.status]).toEqual([bad, 400]);
    }
  });
});

describe('events for the live stream', () => {
  it('records one message event for each person, each with the message as they may read it, in the same transaction', async () => {
    const [landlord, renter] = await twoPeople('conv-events');
    const { id } = await conversationBetween(ctx, landlord, renter);
    const sent = await send(ctx, renter, id, 'Advance by bKash to 01712345678', 'event-1');
    const [mine] = await eventsOf(renter, id);
    const [theirs] = await eventsOf(landlord, id);
    expect(mine?.data).toEqual({ type: 'message', conversationId: id, message: sent.body.data });
    expect(theirs?.data).toEqual({
      type: 'message',
      conversationId: id,
      message: {
        ...sent.body.data,
        clientId: undefined,
        mine: false,
        text: `Advance by bKash to ${CONTACT_MASK}`,
        masked: true,
        warnings: ['advance-payment', 'mobile-payment'],
      },
    });
    expect(theirs?.data && 'message' in theirs.data && 'clientId' in theirs.data.message).toBe(false);
    // A refused message leaves no event.
    await act(ctx, landlord, 'POST', id, 'block');
    const before = (await eventsOf(renter, id)).length;
    expect((await send(ctx, renter, id, 'blocked')).status).toBe(403);
    expect(await eventsOf(renter, id)).toHaveLength(before);
    // Sharing a number tells both.
    await act(ctx, landlord, 'DELETE', id, 'block');
    await act(ctx, renter, 'POST', id, 'share-number');
    const last = async (who: SignedInUser) => (await eventsOf(who, id)).at(-1)?.data;
    expect(await last(renter)).toEqual({ type: 'conversation', conversationId: id });
    expect(await last(landlord)).toEqual({ type: 'conversation', conversationId: id });
  });
});

describe("a request's thread", () => {
  const ofRequest = (who: SignedInUser, requestId: string) =>
    ctx.request<ConversationRecord>('POST', `/api/v1/conversations/of-request/${requestId}`, { token: who.token });

  it('is the conversation of its listing and customer, opened by either side, and by nobody else', async () => {
    const [provider, customer] = await twoPeople('conv-request');
    const stranger = await registerSignedIn(ctx, 'conv-request-stranger');
    const service = await serviceOf(ctx, provider);
    const asked = await ask(ctx, customer.token, serviceRequest(ctx, service));
    const requestId = asked.body.data!._id;

    // The provider opens it first (a listing's owner cannot start one about it any other way).
    const byOwner = await ofRequest(provider, requestId);
    expect(byOwner.status).toBe(201);
    expect(byOwner.body.data).toMatchObject({
      role: 'owner',
      other: { _id: customer.id },
      listing: { kind: 'service', _id: service },
    });
    const byCustomer = await ofRequest(customer, requestId);
    expect([byCustomer.status, byCustomer.body.data?._id, byCustomer.body.data?.role]).toEqual([
      200,
      byOwner.body.data?._id,
      'starter',
    ]);
    // The customer's start from the listing's page finds the same one.
    const fromListing = await start(ctx, customer.token, { listingKind: 'service', listingId: service });
    expect([fromListing.status, fromListing.body.data?._id]).toEqual([200, byOwner.body.data?._id]);

    for (const [who, id] of [
      [stranger, requestId],
      [provider, randomUUID()],
      [provider, 'not-a-request'],
    ] as const) {
      const refused = await ofRequest(who, id);
      expect([id, refused.status]).toEqual([id, 404]);
    }
    expect((await ctx.request('POST', `/api/v1/conversations/of-request/${requestId}`)).status).toBe(401);
    const rows = await ctx.db.select().from(conversations).where(eq(conversations.listingId, service));
    expect(rows).toHaveLength(1);
  });
});
