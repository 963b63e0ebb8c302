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
import { DEFAULT_RENT_FILTERS, filterRentPosts } from '../../src/domain/filter-rent-posts';
import { DEMO_RENT_POST_COUNT, isBanglaDemoRentPost, seedDemoRentPosts } from './demo-rent-posts';

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

  it('put flats in Mirpur, one written in each language, so that a search for one finds them (issue 39)', async () => {
    const posts = (await ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', { token })).body.data ?? [];
    const mirpurFlats = posts.filter((post) => post.placeId === 'ar-mirpur' && post.category === 'flat');
    expect(mirpurFlats.map((post) => /[\u0980-\u09ff]/.test(post.addressLine)).sort()).toEqual([false, true]);
    expect(mirpurFlats.every((post) => post.status === 'Active')).toBe(true);
    const found = (search: string) => filterRentPosts(posts, { ...DEFAULT_RENT_FILTERS, search }, undefined);
    expect(found('মিরপুর ফ্ল্যাট')).toHaveLength(2);
    expect(found('mirpur flat')).toHaveLength(2);
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

  it('write a third of the ads in Bangla, found by Bangla searches however the words were typed', async () => {
    const response = await ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', { token });
    const posts = response.body.data ?? [];
    const bangla = posts.filter((post) => /[\u0980-\u09ff]/.test(post.details));
    const expected = Array.from({ length: DEMO_RENT_POST_COUNT }, (_, i) => i).filter(isBanglaDemoRentPost).length;
    expect(bangla.length).toBe(expected);
    expect(bangla.length).toBeGreaterThanOrEqual(20);
    // Written wholly in Bangla: the address, the city and the description, with Bangla digits.
    for (const post of bangla) {
      expect(post.addressLine.replace(/[\u200c\u200d]/g, ''), post.addressLine).toMatch(/^[\u0980-\u09ff ,]+$/);
      expect(post.city).toMatch(/^[\u0980-\u09ff ]+$/);
    }
    // Every category and several cities in Bangla, and the English ads stay in every city the lists are searched by.
    expect(new Set(bangla.map((post) => post.category))).toEqual(new Set(RENT_CATEGORIES));
    expect(new Set(bangla.map((post) => post.city)).size).toBeGreaterThanOrEqual(6);
    const english = posts.filter((post) => !bangla.includes(post));
    for (const city of ['Dhaka', 'Chattogram', 'Sylhet']) expect(english.some((post) => post.city === city)).toBe(true);
    expect(english.some((post) => post.addressLine.includes('Mirpur'))).toBe(true);

    const search = (text: string) => filterRentPosts(posts, { ...DEFAULT_RENT_FILTERS, search: text }, undefined);
    const dhaka = search('ঢাকা');
    expect(dhaka.length).toBeGreaterThan(3);
    // Every ad written in Bangla in Dhaka, and, since the search reads place names in both languages (issue 19),
    // the English ads in Dhaka district too.
    const banglaInDhaka = bangla.filter((post) => post.city === 'ঢাকা');
    expect(banglaInDhaka.length).toBeGreaterThan(3);
    expect(banglaInDhaka.every((post) => dhaka.includes(post))).toBe(true);
    expect(dhaka.some((post) => english.includes(post) && post.place?.district.name === 'Dhaka')).toBe(true);
    expect(search('বনানী').length).toBeGreaterThan(0);
    // Bangla digits and Latin ones find the same Bangla address ("রোড ৯০, গুলশান ২").
    expect(search('গুলশান ২').map((post) => post._id)).toEqual(search('গুলশান 2').map((post) => post._id));
    expect(search('গুলশান ২').length).toBeGreaterThan(0);
    // য় typed as one code point (U+09DF) or as য + nukta, and a র‍্য with or without the joiner, are one word.
    const joydebpur = search('জ\u09dfদেবপুর');
    expect(joydebpur.length).toBeGreaterThan(0);
    expect(search('জ\u09af\u09bcদেবপুর').map((post) => post._id)).toEqual(joydebpur.map((post) => post._id));
    const rankin = search('র\u200d্যাংকিন');
    expect(rankin.length).toBeGreaterThan(0);
    expect(search('র্যাংকিন').map((post) => post._id)).toEqual(rankin.map((post) => post._id));
    // A Bangla word of the description, and the category's Bangla name (ফ্ল্যাট) over English and Bangla ads alike.
    expect(search('জেনারেটর').length).toBeGreaterThan(0);
    const flats = search('ফ্ল্যাট');
    expect(flats.some((post) => bangla.includes(post))).toBe(true);
    expect(flats.some((post) => english.includes(post))).toBe(true);
  });
});
