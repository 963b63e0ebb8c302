import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
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
