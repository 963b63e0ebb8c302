import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import { and, eq, sql } from 'drizzle-orm';
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
    const window = currentWindow(deps, options.windowMs);
    const count = await countOne(deps, `${options.name}:${by(c)}`, window);
    if (count > options.limit) throw tooMany(window, options);
    await next();
  };
}

/**
 * A limit on refusals, such as wrong passwords. Each attempt is counted before it is made (one atomic upsert, so
 * attempts sent side by side cannot all slip under the limit) and taken off the count again unless it was refused.
 * Past the limit an attempt is not made at all, a right one neither, so a guesser learns nothing more; attempts that
 * succeed never count.
 */
export interface RefusalLimit {
  attempt(key: string): Promise<CountedAttempt>;
}

export interface CountedAttempt {
  /** Past the limit: the 429 to answer instead of making the attempt (which then does not count). */
  tooMany?: HttpError;
  /** Takes the attempt off the count: it was not refused after all, or not made. Once; later calls do nothing. */
  uncount(): Promise<void>;
}

export function refusalLimit(deps: Pick<AppDeps, 'db' | 'clock'>, options: Omit<RateLimitOptions, 'by'>): RefusalLimit {
  return {
    async attempt(key) {
      const window = currentWindow(deps, options.windowMs);
      const bucket = `${options.name}:${key}`;
      const count = await countOne(deps, bucket, window);
      let counted = true;
      const uncount = async () => {
        if (!counted) return;
        counted = false;
        await deps.db
          .update(rateLimitCounters)
          .set({ count: sql`${rateLimitCounters.count} - 1` })
          .where(and(eq(rateLimitCounters.bucket, bucket), eq(rateLimitCounters.windowStart, new Date(window.start))));
      };
      if (count <= options.limit) return { uncount };
      await uncount();
      return { tooMany: tooMany(window, options), uncount };
    },
  };
}

interface Window {
  now: number;
  start: number;
  ms: number;
}

function currentWindow(deps: Pick<AppDeps, 'clock'>, windowMs: number): Window {
  const now = deps.clock.now().getTime();
  return { now, start: now - (now % windowMs), ms: windowMs };
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
  const window: Window = { now, start: now - (now % windowMs), ms: windowMs };
  return { count: await countOne(deps, bucket, window), windowStart: window.start, now };
}

/** Adds one to the bucket's count in this window (one atomic upsert) and answers the new count. */
async function countOne(deps: Pick<AppDeps, 'db'>, bucket: string, window: Window): Promise<number> {
  const [row] = await deps.db
    .insert(rateLimitCounters)
    .values({ bucket, windowStart: new Date(window.start), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return row?.count ?? 0;
}

/** The 429 of a limit, with Retry-After at the window's end and a message in the request's language. */
function tooMany(window: Window, options: Pick<RateLimitOptions, 'message'>): HttpError {
  const seconds = Math.max(1, Math.ceil((window.start + window.ms - window.now) / 1000));
  const language = currentLanguage();
  const message = (options.message ?? DEFAULT_RATE_LIMIT_MESSAGE)({
    seconds: localDigits(String(seconds), language),
    minutes: localDigits(String(Math.ceil(seconds / 60)), language),
  });
  return new HttpError(429, message, { headers: { 'Retry-After': String(seconds) } });
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
