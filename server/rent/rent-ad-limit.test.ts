import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POSTING_WINDOW_MS, RENT_ADS_PER_DAY, rentAdLimitMessage } from '../../src/domain/posting-limits';
import type { RentPost } from '../../src/domain/rent-post';
import { rentPosts } from '../db/schema';
import { uploadRentPhotos } from '../test/listing-fixtures';
import { testContextForFile, newRentAdPayload, registerUser, signIn } from '../test/test-app';

/** Rent ads per account per day (issue 17): counted from the posts, under concurrency, with replays intact. */

const ctx = testContextForFile();

const HOUR_MS = 60 * 60 * 1000;

async function landlord(label: string): Promise<{ id: string; token: string }> {
  const user = await registerUser(ctx, label);
  return { id: user.id, token: await signIn(ctx, user) };
}

const ad = (imageUrl: string) => newRentAdPayload([imageUrl]);

function create(token: string, imageUrl: string, key: string = randomUUID()) {
  return ctx.request<RentPost>('POST', '/api/v1/rent/create', {
    token,
    json: ad(imageUrl),
    headers: { 'Idempotency-Key': key },
  });
}

async function adsOf(userId: string): Promise<number> {
  return (await ctx.db.select({ id: rentPosts.id }).from(rentPosts).where(eq(rentPosts.userId, userId))).length;
}

describe('rent ads per account per day', () => {
  it('refuses one ad beyond the limit with 429, Retry-After and when posting opens again, and reopens then', async () => {
    const poster = await landlord('busy-landlord');
    const photos = await uploadRentPhotos(ctx, poster.token, RENT_ADS_PER_DAY + 3);
    const firstAt = ctx.clock.now().getTime();
    const first = await create(poster.token, photos[0]!);
    expect(first.status).toBe(201);
    ctx.clock.advance(HOUR_MS);
    let lastKey = '';
    for (let n = 1; n < RENT_ADS_PER_DAY; n += 1) {
      lastKey = randomUUID();
      expect((await create(poster.token, photos[n]!, lastKey)).status).toBe(201);
    }
    // An ad deleted again still counts: otherwise posting and deleting would have no ceiling.
    expect(
      (await ctx.request('DELETE', `/api/v1/rent/delete/${first.body.data!._id}`, { token: poster.token })).status,
    ).toBe(200);

    const refusedKey = randomUUID();
    const refused = await create(poster.token, photos[RENT_ADS_PER_DAY]!, refusedKey);
    const waitMs = firstAt + POSTING_WINDOW_MS - ctx.clock.now().getTime();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(waitMs / 1000));
    expect(refused.body).toEqual({ success: false, message: rentAdLimitMessage(waitMs) });
    expect(refused.body.message).toBe(
      'You can post up to 20 rent ads in 24 hours. You can post another ad in 23 hours.',
    );
    expect(await adsOf(poster.id)).toBe(RENT_ADS_PER_DAY);

    // The outbox's retry of an ad that was created still gets its answer, at the limit.
    const replay = await create(poster.token, photos[RENT_ADS_PER_DAY - 1]!, lastKey);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await adsOf(poster.id)).toBe(RENT_ADS_PER_DAY);

    // Once the first ad is a day old, one slot opens; the refused ad's key was not spent on its 429.
    ctx.clock.advance(waitMs - 1000);
    expect((await create(poster.token, photos[RENT_ADS_PER_DAY]!, randomUUID())).status).toBe(429);
    ctx.clock.advance(1000);
    const retried = await create(poster.token, photos[RENT_ADS_PER_DAY]!, refusedKey);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const next = await create(poster.token, photos[RENT_ADS_PER_DAY + 1]!);
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe(String(HOUR_MS / 1000));
  });

  it('lets exactly the limit through when one account posts 50 ads at once', async () => {
    const poster = await landlord('parallel-landlord');
    const photos = await uploadRentPhotos(ctx, poster.token, 50);
    const answers = await Promise.all(photos.map((photo) => create(poster.token, photo)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(RENT_ADS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - RENT_ADS_PER_DAY);
    expect(await adsOf(poster.id)).toBe(RENT_ADS_PER_DAY);
  });

  it('counts each account on its own', async () => {
    const neighbour = await landlord('quiet-landlord');
    const [photo] = await uploadRentPhotos(ctx, neighbour.token, 1);
    expect((await create(neighbour.token, photo!)).status).toBe(201);
  });
});
