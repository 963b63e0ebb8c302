import { statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRentPostPlace, placeTables } from '../../src/domain/places/place-names';
import { bundledPlaceIndex } from '../../src/domain/places/place-tree';
import {
  needsConfirmation,
  RENT_CATEGORIES,
  RENT_PAYMENT_FREQUENCIES,
  type RentPost,
} from '../../src/domain/rent-post';
import { createTestContext, registerUser, signIn, type TestContext } from '../test/test-app';
import { createLocalImageStorage } from '../images/storage';
import { DEMO_RENT_POST_COUNT, seedDemoRentPosts } from './demo-rent-posts';

let ctx: TestContext;
let token: string;
let posterIds: string[];
let seedMs: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const posters = await Promise.all([registerUser(ctx, 'poster-a'), registerUser(ctx, 'poster-b')]);
  posterIds = posters.map((poster) => poster.id);
  token = await signIn(ctx, posters[0]!);
  const started = performance.now();
  await seedDemoRentPosts({ db: ctx.db, images: createLocalImageStorage(ctx.config.uploadsDir), posterIds });
  seedMs = performance.now() - started;
});
afterAll(() => ctx.close());

describe('demo rent posts', () => {
  it('give the first poster a couple of Booked ads and one that asks to be confirmed, still listed', async () => {
    const response = await ctx.request<RentPost[]>('GET', '/api/v1/rent/my-posts', { token });
    const mine = response.body.data ?? [];
    expect(mine.filter((post) => post.status === 'Booked').length).toBeGreaterThanOrEqual(2);
    const now = Date.now();
    expect(mine.filter((post) => needsConfirmation(post, now))).toHaveLength(1);
    expect(mine.every((post) => !post.unlistedAt)).toBe(true);
  });

  it('fill the list with every category and frequency, several cities and several posters, in seconds', async () => {
    const response = await ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', { token });
    const posts = response.body.data ?? [];
    expect(posts.length).toBe(DEMO_RENT_POST_COUNT);
    expect(posts.length).toBeGreaterThanOrEqual(60);
    expect(new Set(posts.map((post) => post.category))).toEqual(new Set(RENT_CATEGORIES));
    expect(new Set(posts.map((post) => post.rentPaymentFrequency))).toEqual(new Set(RENT_PAYMENT_FREQUENCIES));
    expect(new Set(posts.map((post) => post.city)).size).toBeGreaterThanOrEqual(8);
    // Every ad sits on a place: areas (and an upazila) of at least 8 districts and 20 areas.
    expect(posts.every((post) => post.place && post.placeId === post.place.id)).toBe(true);
    expect(new Set(posts.map((post) => post.place?.district.id)).size).toBeGreaterThanOrEqual(8);
    expect(
      new Set(posts.filter((post) => post.place?.kind === 'area').map((post) => post.placeId)).size,
    ).toBeGreaterThanOrEqual(20);
    // The free text names the same place: the migration's matcher finds it in the city or the address line.
    const tables = placeTables(bundledPlaceIndex());
    for (const post of posts) expect(matchRentPostPlace(post, tables), post.addressLine).toBe(post.placeId);
    expect(new Set(posts.map((post) => post.user))).toEqual(new Set(posterIds));
    expect(new Set(posts.map((post) => post.imageUrls.length))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(posts.some((post) => post.status === 'Booked')).toBe(true);
    expect(posts.every((post) => post.details.length >= 30 && post.cost > 0)).toBe(true);
    expect(seedMs).toBeLessThan(10_000);
    console.info(`seeded ${posts.length} rent posts in ${Math.round(seedMs)} ms`);
  });

  it('give every post its own photo files, served from /uploads, with small card thumbnails', async () => {
    const response = await ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', { token });
    const posts = response.body.data ?? [];
    const all = posts.flatMap((post) => post.imageUrls);
    expect(new Set(all).size).toBe(all.length);
    const thumbnailSizes = posts.flatMap((post) =>
      post.thumbnailUrls.map((url) => statSync(path.join(ctx.config.uploadsDir, url.slice('/uploads/'.length))).size),
    );
    expect(Math.max(...thumbnailSizes)).toBeLessThan(40 * 1024);
    const sample = posts[0]!;
    const served = await ctx.app.request(sample.thumbnailUrls[0]!);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.width).toBeLessThanOrEqual(480);
    console.info(
      `thumbnails ${Math.round(Math.min(...thumbnailSizes) / 1024)}-${Math.round(Math.max(...thumbnailSizes) / 1024)} KB`,
    );
  });
});
