import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentPost } from '../../src/domain/rent-post';
import { SYNC_OVERLAP_MS, SYNC_PAGE_MAX_ROWS, type SyncDelta } from '../../src/domain/sync-cursor';
import { rentPosts } from '../db/schema';
import { RENT_AD_INPUT } from '../test/rows';
import { createTestContext, newRentAdPayload, registerUser, signIn, type TestContext } from '../test/test-app';
import { createdRentAd } from '../test/listing-fixtures';
import { insertRentPost } from './rent-posts';

const moderatorEmail = `sync-moderator-${randomUUID().slice(0, 8)}@example.com`;

let ctx: TestContext;
let ownerId: string;
let token: string;
/** Owns the posts written straight into the table, which would otherwise use up the owner's daily ads. */
let seederId: string;
let moderatorToken: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { MODERATOR_EMAILS: moderatorEmail } });
  const owner = await registerUser(ctx, 'sync-landlord');
  ownerId = owner.id;
  token = await signIn(ctx, owner);
  seederId = (await registerUser(ctx, 'sync-seeder')).id;
  moderatorToken = await signIn(ctx, await registerUser(ctx, 'sync-moderator', { email: moderatorEmail }));
});
afterAll(() => ctx.close());

const post = () => createdRentAd(ctx, token);

async function remove(id: string) {
  expect((await ctx.request('DELETE', `/api/v1/rent/delete/${id}`, { token })).status).toBe(200);
}

function list() {
  return ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', { token });
}

function delta(since: string) {
  return ctx.request<SyncDelta<RentPost>>('GET', `/api/v1/rent/rent-posts?since=${encodeURIComponent(since)}`, {
    token,
  });
}

async function deltaData(since: string): Promise<SyncDelta<RentPost>> {
  const response = await delta(since);
  expect(response.status).toBe(200);
  if (!response.body.data) throw new Error(JSON.stringify(response.body));
  return response.body.data;
}

/** Lets the overlap pass after earlier writes and answers a cursor that already covers all of them. */
async function settledCursor(): Promise<string> {
  ctx.clock.advance(SYNC_OVERLAP_MS + 1000);
  const { cursor } = (await allPages('0')).at(-1)!;
  ctx.clock.advance(1000);
  return cursor;
}

const ids = (rows: { _id: string }[]) => rows.map((row) => row._id).sort();
const byId = <Row extends { _id: string }>(rows: Row[]) => [...rows].sort((a, b) => a._id.localeCompare(b._id));

describe('GET /rent/rent-posts?since=', () => {
  it('answers every live post, no deleted ids and the clock time as cursor for since=0', async () => {
    const kept = await post();
    const gone = await post();
    await remove(gone._id);
    const data = await deltaData('0');
    expect(ids(data.changed)).toEqual([kept._id]);
    expect(data.deleted).toEqual([]);
    expect(data.cursor).toBe(String(ctx.clock.now().getTime()));
    expect(data.more).toBe(false);
    expect(byId(data.changed)).toEqual(byId((await list()).body.data ?? []));
  });

  it('answers exactly the posts created and deleted after the cursor', async () => {
    const older = await post();
    const untouched = await post();
    const cursor = await settledCursor();
    const created = await post();
    await remove(older._id);
    const data = await deltaData(cursor);
    expect(ids(data.changed)).toEqual([created._id]);
    expect(data.changed[0]).toEqual(created);
    expect(data.deleted).toEqual([older._id]);
    expect(ids(data.changed)).not.toContain(untouched._id);
  });

  it('answers an empty delta when nothing changed within the overlap before the cursor', async () => {
    await post();
    const cursor = await settledCursor();
    expect(await deltaData(cursor)).toEqual({
      changed: [],
      deleted: [],
      cursor: String(ctx.clock.now().getTime()),
      more: false,
    });
  });

  it('sends the last minute before the cursor again, so a write stamped earlier but committed later is kept', async () => {
    const cursor = await settledCursor();
    const recent = await post();
    const { cursor: next } = await deltaData(cursor);
    expect(ids((await deltaData(next)).changed)).toEqual([recent._id]);

    // A write whose transaction was stamped 30 s before the reader's moment but committed after its read.
    const late = await insertRentPost(ctx.db, ownerId, RENT_AD_INPUT, [], {
      now: new Date(Number(next) - 30_000),
    });
    expect(ids((await deltaData(next)).changed)).toEqual([late.id, recent._id].sort());
  });

  it('keeps the answer without since: the array of live posts, newest first', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Rent posts');
    const rows = response.body.data ?? [];
    expect(Array.isArray(rows)).toBe(true);
    const live = (await ctx.db.select().from(rentPosts)).filter((row) => row.deletedAt === null);
    expect(ids(rows)).toEqual(live.map((row) => row.id).sort());
    const created = rows.map((row) => row.createdAt);
    expect(created).toEqual(created.concat().sort().reverse());
  });

  it.each(['', 'abc', 'NaN', '-1', '1.5', '12abc'])('refuses the malformed cursor %j with 400', async (since) => {
    const before = await ctx.db.select().from(rentPosts);
    const response = await delta(since);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: 'Invalid sync cursor.' });
    expect(await ctx.db.select().from(rentPosts)).toEqual(before);
  });

  it('refuses a cursor more than a day ahead of the server clock', async () => {
    const response = await delta(String(ctx.clock.now().getTime() + 25 * 60 * 60 * 1000));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid sync cursor.');
  });

  it('answers a visitor, who sends no token (server/security/visitor-reads.test.ts), and refuses a bad token', async () => {
    expect((await ctx.request('GET', '/api/v1/rent/rent-posts?since=0')).status).toBe(200);
    const forged = { headers: { Authorization: 'Bearer bs_forged' } };
    expect((await ctx.request('GET', '/api/v1/rent/rent-posts?since=0', forged)).status).toBe(401);
  });
});

/** `count` posts written straight into the table, all stamped `at`; answers their ids. */
async function seedPosts(count: number, at = ctx.clock.now()): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      userId: seederId,
      category: 'flat',
      cost: 10_000 + start + i,
      rentPaymentFrequency: 'monthly',
      rentStartDate: '2099-06-01',
      contactInfo: '+880 1711-234567',
      addressLine: `House ${start + i}, Road 3, Dhanmondi`,
      city: 'Dhaka',
      postalCode: '1205',
      details: 'A seeded flat for the paging tests, with gas, water and a lift.',
      propertyType: 'Flat',
      photos: [],
      createdAt: at,
      updatedAt: at,
    }));
    const inserted = await ctx.db.insert(rentPosts).values(rows).returning({ id: rentPosts.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

async function tombstoneDirectly(postIds: string[]) {
  const now = ctx.clock.now();
  await ctx.db.update(rentPosts).set({ deletedAt: now, updatedAt: now }).where(inArray(rentPosts.id, postIds));
}

/** Follows the pages of one sync from `since`, moving the clock a little between them; answers every page. */
async function allPages(since: string, between: (page: number) => Promise<void> = async () => undefined) {
  const pages: SyncDelta<RentPost>[] = [];
  let cursor = since;
  for (;;) {
    const page = await deltaData(cursor);
    pages.push(page);
    if (!page.more) return pages;
    expect(pages.length).toBeLessThan(100);
    ctx.clock.advance(1000);
    await between(pages.length);
    cursor = page.cursor;
  }
}

async function liveIds(): Promise<string[]> {
  const rows = await ctx.db.select({ id: rentPosts.id, deletedAt: rentPosts.deletedAt }).from(rentPosts);
  return rows
    .filter((row) => row.deletedAt === null)
    .map((row) => row.id)
    .sort();
}

describe('GET /rent/rent-posts?since= in pages', () => {
  it('reads a full sync in pages of at most 500 rows in (updated_at, id) order, ending at the moment before the first', async () => {
    await seedPosts(1234);
    const startedAt = ctx.clock.now().getTime();
    const pages = await allPages('0');

    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages.slice(0, -1)) {
      expect(page.changed.length + page.deleted.length).toBe(SYNC_PAGE_MAX_ROWS);
      expect(page.more).toBe(true);
      expect(page.cursor).toMatch(/^p1\.f\./);
    }
    expect(pages.at(-1)?.cursor).toBe(String(startedAt));
    const rows = pages.flatMap((page) => page.changed);
    expect(pages.flatMap((page) => page.deleted)).toEqual([]);
    expect(ids(rows)).toEqual(await liveIds());
    expect(new Set(rows.map((row) => row._id)).size).toBe(rows.length);
    const order = rows.map((row) => `${row.updatedAt} ${row._id}`);
    expect(order).toEqual([...order].sort());
  });

  it('sends what changes while the pages are read, and the next delta from the final cursor catches it again', async () => {
    ctx.clock.advance(SYNC_OVERLAP_MS + 1000);
    const first = await deltaData('0');
    const startedAt = ctx.clock.now().getTime();
    const sentEarly = first.changed.find((row) => row.user === ownerId)!;
    let created: RentPost | undefined;
    const pages = [
      first,
      ...(await allPages(first.cursor, async (page) => {
        if (page !== 1) return;
        created = await post();
        await remove(sentEarly._id);
      })),
    ];

    expect(pages.at(-1)?.cursor).toBe(String(startedAt));
    expect(pages.slice(1).flatMap((page) => page.deleted)).toEqual([sentEarly._id]);
    expect(pages.slice(1).flatMap((page) => ids(page.changed))).toContain(created!._id);

    const next = await deltaData(String(startedAt));
    expect(ids(next.changed)).toEqual([created!._id]);
    expect(next.deleted).toEqual([sentEarly._id]);
  });

  it('pages a delta with changed and deleted rows together, at most 500 in one answer', async () => {
    const older = await liveIds();
    const cursor = await settledCursor();
    const created = await seedPosts(450);
    ctx.clock.advance(1000);
    await tombstoneDirectly(older.slice(0, 300));

    const pages = await allPages(cursor);

    expect(pages.map((page) => page.changed.length + page.deleted.length)).toEqual([500, 250]);
    expect(pages[0]?.cursor).toMatch(/^p1\.d\./);
    expect(ids(pages.flatMap((page) => page.changed))).toEqual([...created].sort());
    expect(pages.flatMap((page) => page.deleted).sort()).toEqual(older.slice(0, 300).sort());
  });

  it('sends each row once when more than a page of rows share one millisecond, down to the microsecond', async () => {
    const cursor = await settledCursor();
    const shared = await seedPosts(1100);
    // Rows stamped by the database carry microseconds, which a JavaScript Date cannot hold.
    await ctx.db.execute(
      sql`update rent_posts set updated_at = updated_at + (get_byte(uuid_send(id), 15) * interval '1 microsecond') where id in (${sql.join(
        shared.slice(0, 700).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );

    const rows = (await allPages(cursor)).flatMap((page) => page.changed);
    expect(rows.length).toBe(1100);
    expect(ids(rows)).toEqual([...shared].sort());
  });

  it('reads one page for any page cursor, however far back it points', async () => {
    const now = ctx.clock.now().getTime();
    const page = await deltaData(`p1.d.${now}.0.00000000-0000-0000-0000-000000000000`);
    expect(page.changed.length + page.deleted.length).toBe(SYNC_PAGE_MAX_ROWS);
    expect(page.more).toBe(true);
    expect(page.cursor).toMatch(/^p1\.d\./);
  });

  it('refuses a page cursor that is altered, not canonical or from the future', async () => {
    const { cursor } = await deltaData('0');
    const [, , startedAt = '', at = '', id = ''] = cursor.split('.');
    for (const bad of [
      cursor.replace('p1.', 'p9.'),
      cursor.replace(id, id.toUpperCase()),
      cursor.replace(`.${at}.`, `.0${at}.`),
      cursor.replace(`.${startedAt}.`, `.${Number(startedAt) + 25 * 60 * 60 * 1000}.`),
      `${cursor}.`,
      cursor.slice(0, -1),
    ]) {
      const response = await delta(bad);
      expect(response.status, bad).toBe(400);
      expect(response.body).toEqual({ success: false, message: 'Invalid sync cursor.' });
    }
  });

  it('streams the plain list, newest first, with every live post once', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const rows = response.body.data ?? [];
    expect(ids(rows)).toEqual(await liveIds());
    const order = rows.map((row) => `${row.createdAt} ${row._id}`);
    expect(order).toEqual([...order].sort().reverse());
  });
});

describe('one change to an ad, one row in the delta', () => {
  /** Every page of the sync from `since`, as the phone stores them: rows by id, removals, the last cursor. */
  async function nextSync(since: string) {
    const pages = await allPages(since);
    return {
      changed: pages.flatMap((page) => page.changed),
      deleted: pages.flatMap((page) => page.deleted),
      cursor: pages.at(-1)!.cursor,
    };
  }

  it('sends an edit, Booked and Active as that row alone, and a moderator’s hiding as its removal alone', async () => {
    // More than a page of other posts on the server: a phone that had to read the list again would get them all.
    await seedPosts(SYNC_PAGE_MAX_ROWS + 20);
    const ad = await post();
    let cursor = await settledCursor();
    const change = async (write: () => Promise<{ status: number }>) => {
      ctx.clock.advance(SYNC_OVERLAP_MS + 1000);
      expect((await write()).status).toBe(200);
      ctx.clock.advance(1000);
      const sync = await nextSync(cursor);
      cursor = sync.cursor;
      return sync;
    };

    const edited = await change(() =>
      ctx.request('PATCH', `/api/v1/rent/update/${ad._id}`, {
        token,
        json: newRentAdPayload(ad.imageUrls, { cost: 7777 }),
      }),
    );
    expect(edited.deleted).toEqual([]);
    expect(edited.changed).toHaveLength(1);
    expect(edited.changed[0]).toMatchObject({ _id: ad._id, cost: 7777 });

    const status = (value: string) => () =>
      ctx.request('PATCH', `/api/v1/rent/status/${ad._id}`, { token, json: { status: value } });
    const booked = await change(status('Booked'));
    expect(booked).toMatchObject({ changed: [{ _id: ad._id, status: 'Booked', cost: 7777 }], deleted: [] });
    const active = await change(status('Active'));
    expect(active).toMatchObject({ changed: [{ _id: ad._id, status: 'Active' }], deleted: [] });

    const hidden = await change(() =>
      ctx.request('POST', '/api/v1/moderation/hide', {
        token: moderatorToken,
        json: { kind: 'rent', targetId: ad._id, reason: 'scam' },
      }),
    );
    expect(hidden).toMatchObject({ changed: [], deleted: [ad._id] });
    expect(ids((await list()).body.data ?? [])).not.toContain(ad._id);
  });
});
