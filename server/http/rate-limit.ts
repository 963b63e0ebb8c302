import { getConnInfo } from '@hono/node-server/conninfo';
import { lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimitCounters } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from './errors';

/**
 * Fixed-window request limits, counted in the database (one atomic upsert per request) so that several
 * server processes behind a load balancer enforce one shared limit. Refusals are 429 with Retry-After.
 */
export interface RateLimitOptions {
  /** Names the limit, so different endpoints count separately. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Whom to count: the client address (default) or the signed-in user when there is one. */
  by?: (c: Context) => string;
  /** The refusal's message; `{seconds}` and `{minutes}` are filled in. */
  message?: string;
}

export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too many requests. Please try again in {seconds} seconds.';
// Old windows are cleared now and then, by the request that happens to draw it.
const CLEANUP_CHANCE = 0.01;
const KEEP_COUNTERS_MS = 24 * 60 * 60 * 1000;

export function rateLimit(deps: Pick<AppDeps, 'db' | 'clock'>, options: RateLimitOptions): MiddlewareHandler {
  return async (c, next) => {
    const now = deps.clock.now().getTime();
    const windowStart = now - (now % options.windowMs);
    const bucket = `${options.name}:${(options.by ?? clientAddress)(c)}`;
    const [row] = await deps.db
      .insert(rateLimitCounters)
      .values({ bucket, windowStart: new Date(windowStart), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      })
      .returning({ count: rateLimitCounters.count });
    if (Math.random() < CLEANUP_CHANCE) {
      await deps.db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.windowStart, new Date(now - KEEP_COUNTERS_MS)));
    }
    if ((row?.count ?? 0) > options.limit) {
      const seconds = Math.max(1, Math.ceil((windowStart + options.windowMs - now) / 1000));
      const message = (options.message ?? DEFAULT_RATE_LIMIT_MESSAGE)
        .replace('{seconds}', String(seconds))
        .replace('{minutes}', String(Math.ceil(seconds / 60)));
      throw new HttpError(429, message, { headers: { 'Retry-After': String(seconds) } });
    }
    await next();
  };
}

/** The peer address of the connection (in-process test requests have none and share one bucket). */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
