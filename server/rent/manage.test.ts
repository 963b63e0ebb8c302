import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentPost } from '../../src/domain/rent-post';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import { rentPosts, uploads } from '../db/schema';
import { createLocalImageStorage } from '../images/storage';
import { runCleanup } from '../maintenance/cleanup';
import { createTestContext, newRentAdPayload, registerUser, signIn, type TestContext } from '../test/test-app';
import { unlistUnconfirmedRentPosts } from './rent-posts';

/** Editing an ad, Booked and Active, and the 90-day rule (issue 21, points 1 and 2). */

let ctx: TestContext;
let ownerToken: string;
let otherToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ownerToken = await signIn(ctx, await registerUser(ctx, 'landlady'));
  otherToken = await signIn(ctx, await registerUser(ctx, 'stranger'));
});
afterAll(() => ctx.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function uploadedUrls(count: number, token = ownerToken): Promise<string[]> {
  const form = new FormData();
  for (let i = 0; i < count; i++) {
    const bytes = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 90, b: i * 40 } },
    })
      .jpeg()
      .toBuffer();
    form.append('propertyImage', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `room-${i}.jpg`);
  }
  const response = await ctx.request<{ urls: string[] }>('POST', '/api/v1/image/upload-properties', {
    body: form,
    token,
  });
  expect(response.status).toBe(201);
  return response.body.data?.urls ?? [];
}

async function newAd(changes: Record<string, unknown> = {}): Promise<RentPost> {
  const response = await ctx.request<RentPost>('POST', '/api/v1/rent/create', {
    json: newRentAdPayload(await uploadedUrls(2), changes),
    token: ownerToken,
  });
  expect(response.status).toBe(201);
  return response.body.data!;
}

function update(id: string, body: unknown, token: string | null = ownerToken, key?: string) {
  return ctx.request<RentPost>('PATCH', `/api/v1/rent/update/${id}`, {
    json: body,
    ...(token ? { token } : {}),
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
}

function setStatus(id: string, body: unknown, token: string | null = ownerToken, key?: string) {
  return ctx.request<RentPost>('PATCH', `/api/v1/rent/status/${id}`, {
    json: body,
    ...(token ? { token } : {}),
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
}

async function stored(id: string) {
  const [row] = await ctx.db.select().from(rentPosts).where(eq(rentPosts.id, id));
  return row!;
}

const fileOf = (url: string) => path.join(ctx.config.uploadsDir, url.slice('/uploads/'.length));

async function fullList(): Promise<RentPost[]> {
  const response = await ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', { token: otherToken });
  expect(response.status).toBe(200);
  return response.body.data ?? [];
}

async function delta(since: string): Promise<SyncDelta<RentPost>> {
  const response = await ctx.request<SyncDelta<RentPost>>(
    'GET',
    `/api/v1/rent/rent-posts?since=${encodeURIComponent(since)}`,
    { token: otherToken },
  );
  expect(response.status).toBe(200);
  return response.body.data!;
}

/** A delta cursor from now on: the changes after this moment. */
async function cursorNow(): Promise<string> {
  let page = await delta('0');
  while (page.more) page = await delta(page.cursor);
  return page.cursor;
}

describe('PATCH /rent/update/{id}', () => {
  it('lets the owner change every field and the photos: one kept, one new, one let go', async () => {
    const ad = await newAd();
    const [kept, dropped] = ad.imageUrls;
    const [added] = await uploadedUrls(1);
    ctx.clock.advance(60_000);
    const response = await update(
      ad._id,
      newRentAdPayload([added!, kept!], { cost: 21000, city: 'Chattogram', category: 'office' }),
    );
    expect(response.status).toBe(200);
    const edited = response.body.data!;
    expect(edited).toMatchObject({ _id: ad._id, cost: 21000, city: 'Chattogram', propertyType: 'Office' });
    expect(edited.imageUrls).toEqual([added, kept]);
    expect(edited.updatedAt > ad.updatedAt).toBe(true);
    expect(edited.confirmedAt).toBe(edited.updatedAt);

    // The dropped photo is let go: its upload is unattached, and the cleanup removes it with its files.
    const [dropRow] = await ctx.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, dropped!.slice('/uploads/'.length)));
    expect(dropRow?.attachedAt).toBeNull();
    ctx.clock.advance(DAY_MS + 60_000);
    await runCleanup({ db: ctx.db, clock: ctx.clock, images: createLocalImageStorage(ctx.config.uploadsDir) });
    expect(existsSync(fileOf(dropped!))).toBe(false);
    expect(existsSync(fileOf(kept!))).toBe(true);
    expect(existsSync(fileOf(added!))).toBe(true);

    // Other phones hear of the edit through the delta.
    const details = await ctx.request<RentPost>('GET', `/api/v1/rent/view-details/${ad._id}`, { token: otherToken });
    expect(details.body.data).toMatchObject({ cost: 21000, imageUrls: [added, kept] });
  });

  it('is sent to other phones in the next delta', async () => {
    const ad = await newAd();
    const since = await cursorNow();
    ctx.clock.advance(60_000);
    expect((await update(ad._id, newRentAdPayload(ad.imageUrls, { cost: 9999 }))).status).toBe(200);
    const page = await delta(since);
    // A delta repeats the last moments before its cursor: the ad is among what it sends, changed.
    expect(page.changed.find((post) => post._id === ad._id)?.cost).toBe(9999);
  });

  it('refuses a stranger (403) before reading the body, and changes nothing', async () => {
    const ad = await newAd();
    const before = await stored(ad._id);
    const response = await update(ad._id, { nonsense: true }, otherToken);
    expect(response.status).toBe(403);
    expect(await stored(ad._id)).toEqual(before);
    expect((await update(ad._id, newRentAdPayload(ad.imageUrls), null)).status).toBe(401);
  });

  it('answers 404 for an unknown, malformed or deleted ad', async () => {
    const body = newRentAdPayload(await uploadedUrls(1));
    expect((await update(randomUUID(), body)).status).toBe(404);
    expect((await update('not-a-uuid', body)).status).toBe(404);
    const ad = await newAd();
    expect((await ctx.request('DELETE', `/api/v1/rent/delete/${ad._id}`, { token: ownerToken })).status).toBe(200);
    expect((await update(ad._id, newRentAdPayload(ad.imageUrls))).status).toBe(404);
  });

  it('validates by the add form rules, field by field, and changes nothing', async () => {
    const ad = await newAd();
    const before = await stored(ad._id);
    const refusals: [Record<string, unknown>, string][] = [
      [{ cost: -5 }, 'cost'],
      [{ details: 'short' }, 'details'],
      [{ category: 'castle' }, 'category'],
      [{ rentStartDate: '2020-01-01' }, 'rentStartDate'],
      [{ imageUrls: [] }, 'imageUrls'],
      [{ imageUrls: ['https://example.com/a.jpg'] }, 'imageUrls'],
      [{ owner: 'someone-else' }, 'owner'],
    ];
    for (const [changes, field] of refusals) {
      const response = await update(ad._id, newRentAdPayload(ad.imageUrls, changes));
      expect(response.status, field).toBe(400);
      expect(Object.keys(response.body.errors ?? {}), field).toContain(field);
    }
    expect(await stored(ad._id)).toEqual(before);
  });

  it('keeps a start date that has passed when the edit leaves it, and refuses moving it into the past', async () => {
    const ad = await newAd();
    await ctx.db.update(rentPosts).set({ rentStartDate: '2021-03-01' }).where(eq(rentPosts.id, ad._id));
    const kept = await update(ad._id, newRentAdPayload(ad.imageUrls, { rentStartDate: '2021-03-01', cost: 7000 }));
    expect(kept.status).toBe(200);
    const moved = await update(ad._id, newRentAdPayload(ad.imageUrls, { rentStartDate: '2021-02-01' }));
    expect(moved.status).toBe(400);
  });

  it("refuses another person's upload and a photo another ad shows", async () => {
    const ad = await newAd();
    const theirs = await uploadedUrls(1, otherToken);
    expect((await update(ad._id, newRentAdPayload(theirs))).status).toBe(400);
    const other = await newAd();
    expect((await update(ad._id, newRentAdPayload([other.imageUrls[0]!]))).status).toBe(409);
    expect((await stored(ad._id)).photos.map((photo) => photo.url)).toEqual(ad.imageUrls);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, without writing it again', async () => {
    const ad = await newAd();
    const key = randomUUID();
    const first = await update(ad._id, newRentAdPayload(ad.imageUrls, { cost: 12345 }), ownerToken, key);
    expect(first.status).toBe(200);
    // Meanwhile another phone changed the price; the lost answer's retry must not undo that.
    ctx.clock.advance(1000);
    expect((await update(ad._id, newRentAdPayload(ad.imageUrls, { cost: 22222 }))).status).toBe(200);
    const retry = await update(ad._id, newRentAdPayload(ad.imageUrls, { cost: 12345 }), ownerToken, key);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect((await stored(ad._id)).cost).toBe(22222);
    // The same key with another body is refused.
    expect((await update(ad._id, newRentAdPayload(ad.imageUrls, { cost: 1 }), ownerToken, key)).status).toBe(422);
  });
});

describe('PATCH /rent/status/{id}', () => {
  it('marks the owner ad Booked and Active again, each sent in the delta', async () => {
    const ad = await newAd();
    const since = await cursorNow();
    ctx.clock.advance(1000);
    const booked = await setStatus(ad._id, { status: 'Booked' });
    expect(booked.status).toBe(200);
    expect(booked.body.data?.status).toBe('Booked');
    const page = await delta(since);
    expect(page.changed.find((post) => post._id === ad._id)?.status).toBe('Booked');
    // A Booked ad is still in the server's list: phones leave it out of the list as it opens (the status filter).
    expect((await fullList()).find((post) => post._id === ad._id)?.status).toBe('Booked');

    ctx.clock.advance(1000);
    const active = await setStatus(ad._id, { status: 'Active' });
    expect(active.status).toBe(200);
    expect(active.body.data?.status).toBe('Active');
    expect((await stored(ad._id)).status).toBe('Active');
  });

  it('refuses anything but Booked or Active (400), a stranger (403), unknown ids (404), changing nothing', async () => {
    const ad = await newAd();
    const before = await stored(ad._id);
    for (const body of [{ status: 'Sold' }, { status: 'booked' }, {}, { status: 'Booked', extra: 1 }, 'Booked']) {
      const response = await setStatus(ad._id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await setStatus(ad._id, { status: 'Booked' }, otherToken)).status).toBe(403);
    expect((await setStatus(ad._id, { status: 'Booked' }, null)).status).toBe(401);
    expect((await setStatus(randomUUID(), { status: 'Booked' })).status).toBe(404);
    expect((await setStatus('nope', { status: 'Booked' })).status).toBe(404);
    expect(await stored(ad._id)).toEqual(before);
  });

  it('answers a retry with the same Idempotency-Key with the first answer', async () => {
    const ad = await newAd();
    const key = randomUUID();
    const first = await setStatus(ad._id, { status: 'Booked' }, ownerToken, key);
    ctx.clock.advance(1000);
    expect((await setStatus(ad._id, { status: 'Active' })).status).toBe(200);
    const retry = await setStatus(ad._id, { status: 'Booked' }, ownerToken, key);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect((await stored(ad._id)).status).toBe('Active');
  });
});

describe('the 90-day rule', () => {
  /** The ad as if its poster last confirmed it `days` ago (sessions last 14 days: the clock is not moved). */
  async function confirmedDaysAgo(id: string, days: number) {
    const at = new Date(ctx.clock.now().getTime() - days * DAY_MS);
    await ctx.db.update(rentPosts).set({ confirmedAt: at }).where(eq(rentPosts.id, id));
  }

  it('unlists an ad unconfirmed for 90 days: gone from the list and sent as removed; confirming brings it back', async () => {
    const ad = await newAd();
    const fresh = await newAd();
    await confirmedDaysAgo(ad._id, 91);
    await confirmedDaysAgo(fresh._id, 89);
    const since = await cursorNow();

    ctx.clock.advance(60_000);
    expect(await unlistUnconfirmedRentPosts(ctx.db, ctx.clock.now())).toBeGreaterThanOrEqual(1);
    // Twice is harmless.
    expect(await unlistUnconfirmedRentPosts(ctx.db, ctx.clock.now())).toBe(0);
    const ids = (await fullList()).map((post) => post._id);
    expect(ids).not.toContain(ad._id);
    expect(ids).toContain(fresh._id);
    const removed = await delta(since);
    expect(removed.deleted).toContain(ad._id);
    expect(removed.changed.map((post) => post._id)).not.toContain(ad._id);
    // Still there for whoever has the link, and for its owner among their ads, unlisted; nobody else's ads are there.
    expect((await ctx.request('GET', `/api/v1/rent/view-details/${ad._id}`, { token: otherToken })).status).toBe(200);
    const mine = await ctx.request<RentPost[]>('GET', '/api/v1/rent/my-posts', { token: ownerToken });
    expect(mine.body.data?.find((post) => post._id === ad._id)?.unlistedAt).toBeTruthy();
    expect(mine.body.data?.find((post) => post._id === fresh._id)?.unlistedAt).toBeNull();
    const theirs = await ctx.request<RentPost[]>('GET', '/api/v1/rent/my-posts', { token: otherToken });
    expect(theirs.body.data?.map((post) => post._id)).not.toContain(ad._id);

    // Confirming it (Active) lists it again, and the next delta sends it as changed.
    ctx.clock.advance(60_000);
    const confirmed = await setStatus(ad._id, { status: 'Active' });
    expect(confirmed.status).toBe(200);
    const back = await delta(removed.cursor);
    expect(back.changed.map((post) => post._id)).toContain(ad._id);
    expect((await fullList()).map((post) => post._id)).toContain(ad._id);
    expect((await stored(ad._id)).unlistedAt).toBeNull();
    expect(await unlistUnconfirmedRentPosts(ctx.db, ctx.clock.now())).toBe(0);
  });

  it('happens when the cleanup timer runs it, not on a list request', async () => {
    const ad = await newAd();
    await confirmedDaysAgo(ad._id, 100);
    expect((await fullList()).map((post) => post._id)).toContain(ad._id);
    await unlistUnconfirmedRentPosts(ctx.db, ctx.clock.now());
    expect((await fullList()).map((post) => post._id)).not.toContain(ad._id);
  });
});
