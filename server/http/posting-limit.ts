import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  LISTING_CHANGES_PER_DAY,
  listingChangeLimitMessage,
  nextPostAllowedAt,
  POSTING_WINDOW_MS,
} from '../../src/domain/posting-limits';
import type { Database } from '../db/client';
import { rateLimitCounters, users } from '../db/schema';
import { HttpError } from './errors';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * The shared half of the daily posting limits (src/domain/posting-limits.ts): each kind of post counts its own
 * rows, inside a transaction that first locks the poster's user row. Parallel posts by one account then count
 * and write one after another, so none can slip past the limit, on PostgreSQL as on PGlite. `no key update`
 * is enough to order them and, unlike `update`, does not hold up rows elsewhere that merely refer to the user
 * (a new session while the ad is written).
 */

export const POSTER_NOT_FOUND_MESSAGE = (): string => m.server_profile_not_found();

export async function lockPoster(tx: Database, userId: string): Promise<void> {
  const [poster] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  if (!poster) throw new HttpError(404, POSTER_NOT_FOUND_MESSAGE());
}

/** The refusal of a post beyond a daily limit: 429, Retry-After in whole seconds, and when in words. */
export function postingLimitReached(allowedAtMs: number, nowMs: number, message: (waitMs: number) => string) {
  const waitMs = Math.max(1000, allowedAtMs - nowMs);
  return new HttpError(429, message(waitMs), { headers: { 'Retry-After': String(Math.ceil(waitMs / 1000)) } });
}

const listingChangesBucket = (userId: string) => `listing-changes:${userId}`;

/**
 * Counts one change to the poster's listings (an edit, Booked or Active) against LISTING_CHANGES_PER_DAY, or refuses
 * it with 429. A change leaves no row of its own behind, so each is recorded in the shared rate-limit counters at its
 * own moment (bucket `listing-changes:<user>`, the window's start being the change's time; two in one millisecond
 * share a row and count 2), and the limit is read from those moments as the posting limits read creation times: a
 * sliding 24 hours, a slot opening when the oldest counted change leaves it. Called inside the change's transaction:
 * the user row is locked first, so parallel changes count one after another; a change refused later (another's ad,
 * a photo in use) rolls its count back with it; an idempotent replay never runs the handler, so it counts nothing.
 * The cleanup job removes the moments once they are a day old.
 */
export async function countListingChange(tx: Database, userId: string, now: Date): Promise<void> {
  await lockPoster(tx, userId);
  const nowMs = now.getTime();
  const bucket = listingChangesBucket(userId);
  const recent = await tx
    .select({ at: rateLimitCounters.windowStart, count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(
      and(eq(rateLimitCounters.bucket, bucket), gt(rateLimitCounters.windowStart, new Date(nowMs - POSTING_WINDOW_MS))),
    )
    .orderBy(desc(rateLimitCounters.windowStart))
    .limit(LISTING_CHANGES_PER_DAY);
  const moments = recent.flatMap((row) => Array.from({ length: row.count }, () => row.at.getTime()));
  const allowedAt = nextPostAllowedAt(moments, LISTING_CHANGES_PER_DAY);
  if (allowedAt !== undefined) throw postingLimitReached(allowedAt, nowMs, listingChangeLimitMessage);
  await tx
    .insert(rateLimitCounters)
    .values({ bucket, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    });
}
