import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LISTING_CHANGES_PER_DAY, listingChangeLimitMessage, POSTING_WINDOW_MS } from '../../src/domain/posting-limits';
import type { RentPost, RentStatus } from '../../src/domain/rent-post';
import { anOffer } from '../../src/domain/service-test-data';
import { rentPosts, services } from '../db/schema';
import { createLocalImageStorage } from '../images/storage';
import { runCleanup } from '../maintenance/cleanup';
import { createdRentAd, createdService } from '../test/listing-fixtures';
import { newRentAdPayload, registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';

/**
 * Changes to one's listings per account per day (issue 38, point 7): edits of rent ads and services, Booked and
 * Active, counted together over any 24 hours, under concurrency, with replays intact and refusals changing nothing.
 */

const ctx = testContextForFile();

const HOUR_MS = 60 * 60 * 1000;

function setStatus(user: SignedInUser, id: string, status: RentStatus, key: string = randomUUID()) {
  return ctx.request<RentPost>('PATCH', `/api/v1/rent/status/${id}`, {
    token: user.token,
    json: { status },
    headers: { 'Idempotency-Key': key },
  });
}

function editAd(user: SignedInUser, ad: RentPost, cost: number) {
  return ctx.request<RentPost>('PATCH', `/api/v1/rent/update/${ad._id}`, {
    token: user.token,
    json: newRentAdPayload(ad.imageUrls, { cost }),
  });
}

function editService(user: SignedInUser, id: string, minimumPrice: number) {
  return ctx.request('PATCH', `/api/v1/profession/update-profile/${id}`, {
    token: user.token,
    json: { ...anOffer({ minimumPrice }), status: 'active' },
  });
}

const cleanup = () =>
  runCleanup({ db: ctx.db, clock: ctx.clock, images: createLocalImageStorage(ctx.config.uploadsDir) });

async function storedAd(id: string) {
  const [row] = await ctx.db.select().from(rentPosts).where(eq(rentPosts.id, id));
  return row!;
}

describe('changes to one’s listings per account per day', () => {
  it('counts edits, Booked and Active of ads and services together; the next gets 429 with when, and changes nothing', async () => {
    const owner = await registerSignedIn(ctx, 'busy-editor');
    const ad = await createdRentAd(ctx, owner.token);
    const service = await createdService(ctx, owner);
    const firstAt = ctx.clock.now().getTime();
    expect((await editAd(owner, ad, 15_000)).status).toBe(200);
    ctx.clock.advance(HOUR_MS);
    expect((await editService(owner, service._id, 600)).status).toBe(200);
    let lastKey = '';
    for (let n = 2; n < LISTING_CHANGES_PER_DAY; n += 1) {
      lastKey = randomUUID();
      const answer = await setStatus(owner, ad._id, n % 2 === 0 ? 'Booked' : 'Active', lastKey);
      expect(answer.status, `change ${n + 1}`).toBe(200);
    }
    const before = await storedAd(ad._id);
    const [serviceBefore] = await ctx.db.select().from(services).where(eq(services.id, service._id));

    const waitMs = firstAt + POSTING_WINDOW_MS - ctx.clock.now().getTime();
    for (const refused of [
      await setStatus(owner, ad._id, 'Booked'),
      await editAd(owner, ad, 99_000),
      await editService(owner, service._id, 900),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(waitMs / 1000));
      expect(refused.body).toEqual({ success: false, message: listingChangeLimitMessage(waitMs) });
    }
    expect(listingChangeLimitMessage(waitMs)).toBe(
      'You can change your ads and services up to 60 times in 24 hours. You can make another change in 23 hours.',
    );
    expect(await storedAd(ad._id)).toEqual(before);
    expect((await ctx.db.select().from(services).where(eq(services.id, service._id)))[0]).toEqual(serviceBefore);

    // The outbox's retry of a change that was made still gets its answer at the limit, and is not counted again.
    const replay = await setStatus(owner, ad._id, LISTING_CHANGES_PER_DAY % 2 === 0 ? 'Active' : 'Booked', lastKey);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    // When the first change is a day old one slot opens, and the cleanup job keeps the moments that still count.
    ctx.clock.advance(waitMs - 1000);
    await cleanup();
    expect((await setStatus(owner, ad._id, 'Booked')).status).toBe(429);
    ctx.clock.advance(1000);
    await cleanup();
    expect((await editAd(owner, ad, 16_000)).status).toBe(200);
    const next = await setStatus(owner, ad._id, 'Booked');
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe(String(HOUR_MS / 1000));
  });

  it('lets exactly the limit through when one account sends 80 changes at once', async () => {
    const owner = await registerSignedIn(ctx, 'parallel-editor');
    const ad = await createdRentAd(ctx, owner.token);
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, n) => setStatus(owner, ad._id, n % 2 === 0 ? 'Booked' : 'Active')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LISTING_CHANGES_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(80 - LISTING_CHANGES_PER_DAY);
  });

  it('does not count a change refused inside its transaction, nor another person’s', async () => {
    const owner = await registerSignedIn(ctx, 'careful-editor');
    const other = await registerSignedIn(ctx, 'other-editor');
    const ad = await createdRentAd(ctx, owner.token);
    const theirs = await createdRentAd(ctx, other.token);
    // A photo another ad shows is refused (409) after the change was counted: the count goes back with it.
    for (let n = 0; n < 5; n += 1) {
      const refused = await ctx.request('PATCH', `/api/v1/rent/update/${ad._id}`, {
        token: owner.token,
        json: newRentAdPayload([theirs.imageUrls[0]!]),
      });
      expect(refused.status).toBe(409);
    }
    for (let n = 0; n < 5; n += 1) expect((await setStatus(other, ad._id, 'Booked')).status).toBe(403);
    for (let n = 0; n < LISTING_CHANGES_PER_DAY; n += 1) {
      expect((await setStatus(owner, ad._id, n % 2 === 0 ? 'Booked' : 'Active')).status, `change ${n + 1}`).toBe(200);
    }
    expect((await setStatus(owner, ad._id, 'Active')).status).toBe(429);
    // Each account counts on its own.
    expect((await setStatus(other, theirs._id, 'Booked')).status).toBe(200);
  });
});
