import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, rateLimitCounters, sessions, uploads, userEvents } from '../db/schema';
import { createLocalImageStorage, type ImageStorage } from '../images/storage';
import { seedDemoRentPosts } from '../seed/demo-rent-posts';
import { createTestContext, newRentAdPayload, registerUser, signIn, type TestContext } from '../test/test-app';
import { runCleanup } from './cleanup';

/**
 * The cleanup job (issue 17, point 11): uploads that no record took within a day go with their files, ended
 * sessions a week after they ended, idempotency keys and rate-limit counters once they are past use. Everything
 * else stays, demo photos included, and two runs at once (two server processes) do no harm.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

let ctx: TestContext;
let images: ImageStorage;
let token: string;
let jpeg: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  images = createLocalImageStorage(ctx.config.uploadsDir);
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a62' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => ctx.close());

const deps = () => ({ db: ctx.db, images, clock: ctx.clock, logger: ctx.logger });
const fileOf = (url: string) => path.join(ctx.config.uploadsDir, url.slice('/uploads/'.length));

async function upload(apiPath: string, field: string): Promise<string> {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(jpeg)], 'photo.jpg', { type: 'image/jpeg' }));
  const response = await ctx.request<{ url?: string; urls?: string[] }>('POST', `/api/v1/image/${apiPath}`, {
    token,
    body: form,
  });
  expect(response.status).toBe(201);
  return response.body.data?.url ?? response.body.data?.urls?.[0] ?? '';
}

const rows = async () => ({
  uploads: (await ctx.db.select({ key: uploads.key }).from(uploads)).map((row) => `/uploads/${row.key}`).sort(),
  sessions: (await ctx.db.select({ id: sessions.id }).from(sessions)).length,
  idempotencyKeys: (await ctx.db.select().from(idempotencyKeys)).length,
  rateLimitCounters: (await ctx.db.select().from(rateLimitCounters)).length,
  events: (await ctx.db.select().from(userEvents)).length,
});

describe('runCleanup', () => {
  let attached: string;
  let unattached: string[];
  let demoPhotos: string[];

  beforeAll(async () => {
    const user = await registerUser(ctx, 'cleanup');
    token = await signIn(ctx, user);
    const signedOut = await signIn(ctx, user);
    await ctx.request('POST', '/api/v1/user/sign-out', { token: signedOut });

    attached = await upload('upload-properties', 'propertyImage');
    unattached = [
      await upload('upload-properties', 'propertyImage'),
      await upload('upload-services', 'serviceImages'),
      await upload('upload-profile', 'profileImage'),
    ];
    const posted = await ctx.request('POST', '/api/v1/rent/create', {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      json: newRentAdPayload([attached]),
    });
    expect(posted.status).toBe(201);
    // An event the person's stream could still resume from, for a day.
    await ctx.db.insert(userEvents).values({
      userId: user.id,
      type: 'conversation',
      data: { type: 'conversation', conversationId: randomUUID() },
      createdAt: ctx.clock.now(),
    });

    // Demo photos are stored without upload rows; the job must never take them.
    await seedDemoRentPosts({ db: ctx.db, images, posterIds: [user.id], now: ctx.clock.now() });
    demoPhotos = readdirSync(path.join(ctx.config.uploadsDir, 'rent'))
      .map((name) => `/uploads/rent/${name}`)
      .filter((url) => url !== attached && !unattached.some((photo) => url.startsWith(photo.replace('.webp', ''))));
    expect(demoPhotos.length).toBeGreaterThan(60);
  });

  it('keeps everything within its grace period', async () => {
    const before = await rows();
    expect(before.uploads).toHaveLength(4);
    expect(before).toMatchObject({ sessions: 2, idempotencyKeys: 1, events: 1 });
    expect(before.rateLimitCounters).toBeGreaterThan(0);
    ctx.clock.advance(23 * HOUR_MS);
    expect(await runCleanup(deps())).toEqual({
      uploads: 0,
      sessions: 0,
      idempotencyKeys: 0,
      rateLimitCounters: 0,
      expiredRequests: 0,
      events: 0,
    });
    expect(await rows()).toEqual(before);
  });

  it('removes day-old unattached uploads with their files, old keys and counters, twice at once without harm', async () => {
    // One file already gone (a half-failed upload): not an error.
    rmSync(fileOf(unattached[0]!.replace('.webp', '-thumb.webp')));
    ctx.clock.advance(2 * HOUR_MS);
    const [first, second] = await Promise.all([runCleanup(deps()), runCleanup(deps())]);
    expect((first?.uploads ?? 0) + (second?.uploads ?? 0)).toBe(3);
    expect((first?.idempotencyKeys ?? 0) + (second?.idempotencyKeys ?? 0)).toBe(1);
    expect((first?.events ?? 0) + (second?.events ?? 0)).toBe(1);
    expect(ctx.logger.errors).toEqual([]);

    expect(await rows()).toMatchObject({
      uploads: [attached],
      sessions: 2,
      idempotencyKeys: 0,
      rateLimitCounters: 0,
      events: 0,
    });
    for (const url of unattached) {
      expect(existsSync(fileOf(url)), url).toBe(false);
      expect(existsSync(fileOf(url.replace('.webp', '-thumb.webp'))), url).toBe(false);
    }
    for (const url of [attached, attached.replace('.webp', '-thumb.webp'), ...demoPhotos]) {
      expect(existsSync(fileOf(url)), url).toBe(true);
    }
  });

  it('removes a revoked session a week after sign-out and an expired one a week after expiry', async () => {
    // Signed out 25 hours ago; kept until 7 days have passed.
    ctx.clock.advance(5 * DAY_MS);
    await runCleanup(deps());
    expect((await rows()).sessions).toBe(2);
    ctx.clock.advance(DAY_MS);
    expect((await runCleanup(deps())).sessions).toBe(1);
    const [live] = await ctx.db.select().from(sessions);
    expect(live?.revokedAt).toBeNull();
    // The live one expires 14 days after sign-in and goes a week later.
    ctx.clock.advance(13 * DAY_MS);
    expect((await runCleanup(deps())).sessions).toBe(0);
    ctx.clock.advance(DAY_MS);
    expect((await runCleanup(deps())).sessions).toBe(1);
    expect((await rows()).sessions).toBe(0);
    expect(existsSync(fileOf(attached))).toBe(true);
  });
});

describe('the cleanup job', () => {
  it('runs the cleanup when the queue gives it, with the app clock', async () => {
    const key = `profiles/${randomUUID()}.webp`;
    await ctx.db.insert(uploads).values({
      key,
      kind: 'profile',
      uploaderUid: 'someone',
      createdAt: new Date(ctx.clock.now().getTime() - 2 * DAY_MS),
    });
    await ctx.jobs.send('cleanup', {});
    await ctx.runJobs();
    expect(await ctx.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
  });
});
