import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentPost } from '../../src/domain/rent-post';
import { SYNC_OVERLAP_MS, type SyncDelta } from '../../src/domain/sync-cursor';
import { rentPosts } from '../db/schema';
import { createTestContext, registerUser, signIn, type TestContext } from '../test/test-app';
import { insertRentPost } from './rent-posts';

let ctx: TestContext;
let ownerId: string;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await registerUser(ctx, 'sync-landlord');
  ownerId = owner.id;
  token = await signIn(ctx, owner);
});
afterAll(() => ctx.close());

const ad = (imageUrls: string[]) => ({
  category: 'family-room' as const,
  cost: 18000,
  rentPaymentFrequency: 'monthly' as const,
  rentStartDate: '2099-06-01',
  contactInfo: '+880 1711-234567',
  addressLine: 'House 9, Road 3, Dhanmondi',
  city: 'Dhaka',
  postalCode: '1205',
  details: 'Two bright rooms for a small family, with gas, water and a lift.',
  imageUrls,
});

async function post(): Promise<RentPost> {
  const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c87828' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('propertyImage', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'room.jpg');
  const upload = await ctx.request<{ urls: string[] }>('POST', '/api/v1/image/upload-properties', {
    token,
    body: form,
  });
  const created = await ctx.request<RentPost>('POST', '/api/v1/rent/create', {
    token,
    json: ad(upload.body.data?.urls ?? []),
  });
  if (created.status !== 201 || !created.body.data) throw new Error(JSON.stringify(created.body));
  return created.body.data;
}

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
  const { cursor } = await deltaData('0');
  ctx.clock.advance(1000);
  return cursor;
}

const ids = (rows: { _id: string }[]) => rows.map((row) => row._id).sort();

describe('GET /rent/rent-posts?since=', () => {
  it('answers every live post, no deleted ids and the clock time as cursor for since=0', async () => {
    const kept = await post();
    const gone = await post();
    await remove(gone._id);
    const data = await deltaData('0');
    expect(ids(data.changed)).toEqual([kept._id]);
    expect(data.deleted).toEqual([]);
    expect(data.cursor).toBe(String(ctx.clock.now().getTime()));
    expect(data.changed).toEqual((await list()).body.data);
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
    expect(await deltaData(cursor)).toEqual({ changed: [], deleted: [], cursor: String(ctx.clock.now().getTime()) });
  });

  it('sends the last minute before the cursor again, so a write stamped earlier but committed later is kept', async () => {
    const cursor = await settledCursor();
    const recent = await post();
    const { cursor: next } = await deltaData(cursor);
    expect(ids((await deltaData(next)).changed)).toEqual([recent._id]);

    // A write whose transaction was stamped 30 s before the reader's moment but committed after its read.
    const late = await insertRentPost(ctx.db, ownerId, ad([]), [], {
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

  it('needs a signed-in user', async () => {
    expect((await ctx.request('GET', '/api/v1/rent/rent-posts?since=0')).status).toBe(401);
  });
});
