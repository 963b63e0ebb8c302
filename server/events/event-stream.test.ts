import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserEvent } from '../../src/domain/user-events';
import { readEventStream, type StreamReader } from '../test/event-stream-reader';
import { registerSignedIn, secondInstance, testContextForFile, type SignedInUser } from '../test/test-app';
import { STREAMS_PER_PERSON } from './event-stream';
import { recordEvent } from './user-events';

/**
 * The event stream (issue 42, point 2): what is recorded for a person reaches their open streams once its
 * transaction commits, through LISTEN/NOTIFY, and only theirs; a rolled-back change tells nothing; Last-Event-ID
 * resumes. Runs on PostgreSQL too (scripts/postgres-test-files.ts), where the second app instance listens on a
 * connection of its own, as another server process does.
 */

const ctx = testContextForFile();
const open: StreamReader[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
});

async function stream(
  person: SignedInUser,
  headers: Record<string, string> = {},
  app: { request: typeof ctx.app.request } = ctx.app,
): Promise<StreamReader> {
  const response = await app.request('/api/v1/events', {
    // As a browser asks: compressed answers welcome. A compressor would hold the events back.
    headers: { authorization: `Bearer ${person.token}`, 'accept-encoding': 'gzip, deflate, br', ...headers },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(response.headers.get('content-encoding')).toBeNull();
  expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
  const reader = readEventStream(response);
  open.push(reader);
  return reader;
}

const conversationEvent = (): UserEvent => ({ type: 'conversation', conversationId: randomUUID() });

async function record(userId: string, event: UserEvent) {
  await ctx.db.transaction((tx) => recordEvent(tx, userId, event));
}

describe('GET /api/v1/events', () => {
  it('needs a session', async () => {
    const answer = await ctx.request('GET', '/api/v1/events');
    expect(answer.status).toBe(401);
  });

  it("sends a person's events as they are committed, and nobody else's", async () => {
    const [ayesha, karim] = await Promise.all([registerSignedIn(ctx, 'ev-ayesha'), registerSignedIn(ctx, 'ev-karim')]);
    const hers = await stream(ayesha);
    const his = await stream(karim);
    const first = conversationEvent();
    const second: UserEvent = { type: 'request', requestId: randomUUID(), status: 'accepted' };
    await record(ayesha.id, first);
    await record(ayesha.id, second);
    const events = await hers.next(2);
    expect(events.map((each) => each.event)).toEqual([first, second]);
    expect(events.map((each) => each.name)).toEqual(['basha', 'basha']);
    expect(Number(events[1]!.id)).toBeGreaterThan(Number(events[0]!.id));
    expect(await his.quietFor(150)).toBe(true);
  });

  it('tells nothing of a change that was rolled back', async () => {
    const person = await registerSignedIn(ctx, 'ev-rollback');
    const reader = await stream(person);
    await ctx.db
      .transaction(async (tx) => {
        await recordEvent(tx, person.id, conversationEvent());
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    const kept = conversationEvent();
    await record(person.id, kept);
    expect((await reader.next(1)).map((each) => each.event)).toEqual([kept]);
    expect(await reader.quietFor(150)).toBe(true);
  });

  it('resumes after Last-Event-ID, and starts from now without it', async () => {
    const person = await registerSignedIn(ctx, 'ev-resume');
    const before = conversationEvent();
    await record(person.id, before);
    const first = await stream(person);
    const seen = conversationEvent();
    await record(person.id, seen);
    const [last] = await first.next(1);
    expect(last!.event).toEqual(seen);
    await first.close();

    const missed = [conversationEvent(), conversationEvent()];
    for (const event of missed) await record(person.id, event);
    const resumed = await stream(person, { 'Last-Event-ID': last!.id });
    expect((await resumed.next(2)).map((each) => each.event)).toEqual(missed);
    expect(await resumed.quietFor(150)).toBe(true);
  });

  it('refuses a Last-Event-ID that is not an event id', async () => {
    const person = await registerSignedIn(ctx, 'ev-bad-id');
    for (const bad of ['abc', '-1', '1e3', '9'.repeat(40)]) {
      const answer = await ctx.request('GET', '/api/v1/events', {
        token: person.token,
        headers: { 'Last-Event-ID': bad },
      });
      expect(answer.status, bad).toBe(400);
    }
  });

  it(`holds a person to ${STREAMS_PER_PERSON} streams at once, and frees a place when one closes`, async () => {
    const person = await registerSignedIn(ctx, 'ev-many');
    const streams = [];
    for (let i = 0; i < STREAMS_PER_PERSON; i += 1) streams.push(await stream(person));
    const refused = await ctx.request('GET', '/api/v1/events', { token: person.token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await streams[0]!.close();
    await expect
      .poll(async () => {
        const again = await ctx.app.request('/api/v1/events', { headers: { authorization: `Bearer ${person.token}` } });
        if (again.status === 200) open.push(readEventStream(again));
        return again.status;
      })
      .toBe(200);
  });

  it('reaches a stream on another app instance, which listens on its own', async () => {
    const person = await registerSignedIn(ctx, 'ev-other');
    const other = await secondInstance(ctx);
    try {
      const reader = await stream(person, {}, other.app);
      const event = conversationEvent();
      await record(person.id, event);
      expect((await reader.next(1)).map((each) => each.event)).toEqual([event]);
    } finally {
      await Promise.all(open.splice(0).map((each) => each.close()));
      await other.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'catches up after the listening connection to PostgreSQL was cut, with what was recorded meanwhile',
    async () => {
      const person = await registerSignedIn(ctx, 'ev-cut');
      const reader = await stream(person);
      const listening = sql`from pg_stat_activity
        where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`;
      await ctx.db.execute(sql`select pg_terminate_backend(pid) ${listening}`);
      await expect
        .poll(async () => JSON.stringify(await ctx.db.execute(sql`select count(*)::int as n ${listening}`)))
        .toMatch(/"n":0\b/);
      // Recorded while nobody listens: no notification reaches this process; the reconnect wakes the stream.
      const meanwhile = conversationEvent();
      await record(person.id, meanwhile);
      expect((await reader.next(1, 20_000)).map((each) => each.event)).toEqual([meanwhile]);
      const after = conversationEvent();
      await record(person.id, after);
      expect((await reader.next(2, 5_000)).map((each) => each.event)).toEqual([meanwhile, after]);
    },
    30_000,
  );
});
