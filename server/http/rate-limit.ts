import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimitCounters } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from './errors';
import { localDigits } from '../../src/i18n/digits';
import { m } from '../../src/i18n/generated/messages.js';
import { currentLanguage } from './request-locale';

/**
 * Fixed-window request limits, counted in the database (one atomic upsert per request) so that several
 * server processes behind a load balancer enforce one shared limit. Refusals are 429 with Retry-After. Counters
 * of windows long past are removed by the cleanup job (server/maintenance/cleanup.ts).
 */
export interface RateLimitOptions {
  /** Names the limit, so different endpoints count separately. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Whom to count: the client address (default) or the signed-in user when there is one. */
  by?: (c: Context) => string;
  /** The refusal's message, in the request's language, told how long to wait. */
  message?: (wait: RateLimitWait) => string;
}

/** How long a refused client waits, in the digits of the request's language. */
export interface RateLimitWait {
  seconds: string;
  minutes: string;
}

export const DEFAULT_RATE_LIMIT_MESSAGE = (wait: RateLimitWait): string => m.server_rate_limited(wait);

export function rateLimit(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  options: RateLimitOptions,
): MiddlewareHandler {
  const by = options.by ?? ((c: Context) => clientAddress(c, deps.config.trustedProxyHops));
  return async (c, next) => {
    const { count, windowStart, now } = await countRequest(deps, `${options.name}:${by(c)}`, options.windowMs);
    if (count > options.limit) {
      const seconds = Math.max(1, Math.ceil((windowStart + options.windowMs - now) / 1000));
      const language = currentLanguage();
      const message = (options.message ?? DEFAULT_RATE_LIMIT_MESSAGE)({
        seconds: localDigits(String(seconds), language),
        minutes: localDigits(String(Math.ceil(seconds / 60)), language),
      });
      throw new HttpError(429, message, { headers: { 'Retry-After': String(seconds) } });
    }
    await next();
  };
}

/**
 * Counts one request in the window of `at` (the request's arrival; now by default) and answers how many the window
 * holds, this one included. For limits that are not answered with a 429 (a mail that is quietly not sent).
 */
export async function countRequest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  bucket: string,
  windowMs: number,
  at: Date = deps.clock.now(),
): Promise<{ count: number; windowStart: number; now: number }> {
  const now = at.getTime();
  const windowStart = now - (now % windowMs);
  const [row] = await deps.db
    .insert(rateLimitCounters)
    .values({ bucket, windowStart: new Date(windowStart), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return { count: row?.count ?? 0, windowStart, now };
}

/**
 * The client's address. With no proxy in front (trustedProxyHops 0) it is the connection's peer; behind N proxies
 * that each append the address they saw to X-Forwarded-For, it is the N-th entry from the right, the one the
 * outermost proxy wrote: entries further left come from the client and prove nothing. In-process test requests
 * have no peer and share one bucket.
 */
export function clientAddress(c: Context, trustedProxyHops: number): string {
  const peer = peerAddress(c);
  if (trustedProxyHops === 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Nearest first: the peer (the last proxy), then what each proxy saw, back towards the client.
  const hops = [peer, ...forwarded.reverse()];
  const client = hops[Math.min(trustedProxyHops, hops.length - 1)] ?? peer;
  return isIP(client) ? client : peer;
}

function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
