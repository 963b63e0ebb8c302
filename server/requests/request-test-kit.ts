import type { services } from '../db/schema';
import { rentPosts } from '../db/schema';
import { insertService } from '../test/listing-fixtures';
import { RENT_AD_INPUT } from '../test/rows';
import { mailsTo, type SignedInUser, type TestContext, type TestResponse } from '../test/test-app';
import { addDays, dhakaDate, type RequestRecord } from '../../src/domain/request-status';

/** Listings and calls the request tests share (server/requests/*.test.ts). */

export const PLACES = ['ar-mirpur', 'ar-dhanmondi'];

export function serviceOf(ctx: TestContext, user: SignedInUser, changes: Partial<typeof services.$inferInsert> = {}) {
  return insertService(ctx, user.id, { servicePlaceIds: PLACES, ...changes });
}

export async function rentAdOf(
  ctx: TestContext,
  user: SignedInUser,
  changes: Partial<typeof rentPosts.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(rentPosts)
    .values({ ...RENT_AD_INPUT, userId: user.id, propertyType: 'Family Room', photos: [], ...changes })
    .returning({ id: rentPosts.id });
  return row!.id;
}

/** Today in Dhaka by the test's clock, moved by `days`. */
export const dhakaDay = (ctx: TestContext, days = 0) => addDays(dhakaDate(ctx.clock.now()), days);

export function serviceRequest(ctx: TestContext, listingId: string, changes: Record<string, unknown> = {}) {
  return {
    kind: 'service',
    listingId,
    date: dhakaDay(ctx, 1),
    timeOfDay: 'morning',
    placeId: PLACES[0],
    note: 'The kitchen tap drips all night.',
    ...changes,
  };
}

export function visitRequest(ctx: TestContext, listingId: string, changes: Record<string, unknown> = {}) {
  return {
    kind: 'visit',
    listingId,
    date: dhakaDay(ctx, 1),
    timeOfDay: 'evening',
    note: 'Can I see it after work?',
    ...changes,
  };
}

export const ask = (ctx: TestContext, token: string | undefined, json: unknown, headers: Record<string, string> = {}) =>
  ctx.request<RequestRecord>('POST', '/api/v1/requests', { ...(token ? { token } : {}), json, headers });

export const act = (ctx: TestContext, token: string | undefined, id: string, json: unknown) =>
  ctx.request<RequestRecord | { status: string }>('PATCH', `/api/v1/requests/${id}`, {
    ...(token ? { token } : {}),
    json,
  });

export const listAs = (
  ctx: TestContext,
  token: string | undefined,
  as: string,
): Promise<TestResponse<RequestRecord[]>> =>
  ctx.request<RequestRecord[]>('GET', `/api/v1/requests?as=${as}`, token ? { token } : {});

/**
 * The mails to `email` once at least `count` arrived (maildev lists them a moment after the answer, since request
 * mails go in the background); a dropped connection to maildev's web side is tried again.
 */
export async function mailsArriving(email: string, count = 1): Promise<Awaited<ReturnType<typeof mailsTo>>> {
  let mails: Awaited<ReturnType<typeof mailsTo>> = [];
  for (let tries = 0; tries < 50; tries += 1) {
    try {
      mails = await mailsTo(email);
    } catch {
      mails = [];
    }
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return mails;
}
