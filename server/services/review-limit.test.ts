import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTING_WINDOW_MS, REVIEWS_PER_DAY, reviewLimitMessage } from '../../src/domain/posting-limits';
import { reviews, services } from '../db/schema';
import { createTestContext, registerUser, signIn, type TestContext } from '../test/test-app';

/** New reviews per account per day (issue 17), over all services; replacing one's own review is not new. */

let ctx: TestContext;
let providerId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  providerId = (await registerUser(ctx, 'reviewed-provider')).id;
});
afterAll(() => ctx.close());

const MINUTE_MS = 60 * 1000;

async function client(label: string): Promise<{ id: string; token: string }> {
  const user = await registerUser(ctx, label);
  return { id: user.id, token: await signIn(ctx, user) };
}

/** `count` services of one provider, written straight into the table (past the two-services rule). */
async function servicesToReview(count: number): Promise<string[]> {
  const now = ctx.clock.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    providerId,
    category: 'Plumber',
    status: 'active',
    contactNumber: '+880 1711-000000',
    addressLine: 'House 7, Road 2, Mirpur 10',
    serviceArea: ['Mirpur'],
    description: `Careful work at fair prices, number ${i}.`,
    minimumPrice: 500,
    maximumPrice: 2000,
    availableDays: ['Saturday'],
    availableTime: 'day',
    createdAt: now,
    updatedAt: now,
  }));
  return (await ctx.db.insert(services).values(rows).returning({ id: services.id })).map((row) => row.id);
}

function review(
  token: string,
  serviceId: string,
  key: string = randomUUID(),
  feedback = 'Came on time and fixed it well.',
) {
  return ctx.request('POST', `/api/v1/profession/add-feedback/${serviceId}`, {
    token,
    json: { rating: 5, feedback },
    headers: { 'Idempotency-Key': key },
  });
}

async function reviewsBy(clientId: string): Promise<number> {
  return (await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.clientId, clientId))).length;
}

describe('reviews per account per day', () => {
  it('refuses one new review beyond the limit with 429 and when, still lets a review be replaced, and reopens', async () => {
    const reviewer = await client('keen-reviewer');
    const targets = await servicesToReview(REVIEWS_PER_DAY + 1);
    const firstAt = ctx.clock.now().getTime();
    let lastKey = '';
    for (const [n, serviceId] of targets.slice(0, REVIEWS_PER_DAY).entries()) {
      lastKey = randomUUID();
      expect((await review(reviewer.token, serviceId, lastKey)).status).toBe(201);
      if (n === 0) ctx.clock.advance(30 * MINUTE_MS);
    }

    const refused = await review(reviewer.token, targets[REVIEWS_PER_DAY]!);
    const waitMs = firstAt + POSTING_WINDOW_MS - ctx.clock.now().getTime();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(waitMs / 1000));
    expect(refused.body).toEqual({ success: false, message: reviewLimitMessage(waitMs) });
    expect(refused.body.message).toBe(
      'You can write up to 30 new reviews in 24 hours. You can review another service in 23 hours 30 minutes.',
    );
    expect(await reviewsBy(reviewer.id)).toBe(REVIEWS_PER_DAY);

    // Changing one's mind about a service already reviewed is not a new review.
    const replaced = await review(reviewer.token, targets[3]!, randomUUID(), 'On second thought: slow but careful.');
    expect(replaced.status).toBe(200);
    // And the outbox's retry of a review that was saved gets its answer back.
    const replay = await review(reviewer.token, targets[REVIEWS_PER_DAY - 1]!, lastKey);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    ctx.clock.advance(waitMs);
    expect((await review(reviewer.token, targets[REVIEWS_PER_DAY]!)).status).toBe(201);
    expect(await reviewsBy(reviewer.id)).toBe(REVIEWS_PER_DAY + 1);
  });

  it('lets exactly the limit through when one account reviews 45 services at once', async () => {
    const reviewer = await client('parallel-reviewer');
    const targets = await servicesToReview(45);
    const statuses = (await Promise.all(targets.map((serviceId) => review(reviewer.token, serviceId)))).map(
      (answer) => answer.status,
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(REVIEWS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45 - REVIEWS_PER_DAY);
    expect(await reviewsBy(reviewer.id)).toBe(REVIEWS_PER_DAY);
  });
});
