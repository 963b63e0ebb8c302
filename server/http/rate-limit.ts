import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../deps';
import { HttpError } from './errors';

/**
 * A fixed-window request limit per client address, kept in this process's memory. Enough for one server; the
 * counters move to the database when several server processes share the load (issue 9).
 */
export interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  clock: Clock;
  /** The refusal's message; `{seconds}` and `{minutes}` are filled in. */
  message: string;
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return async (c, next) => {
    const now = options.clock.now().getTime();
    const key = clientAddress(c);
    let window = windows.get(key);
    if (!window || now - window.startedAt >= options.windowMs) {
      window = { startedAt: now, count: 0 };
      windows.set(key, window);
      // Old windows go when the map grows, so a flood of addresses cannot grow it without bound.
      if (windows.size > 10_000) {
        for (const [address, w] of windows) if (now - w.startedAt >= options.windowMs) windows.delete(address);
      }
    }
    window.count += 1;
    if (window.count > options.limit) {
      const seconds = Math.max(1, Math.ceil((window.startedAt + options.windowMs - now) / 1000));
      const message = options.message
        .replace('{seconds}', String(seconds))
        .replace('{minutes}', String(Math.ceil(seconds / 60)));
      throw new HttpError(429, message, { headers: { 'Retry-After': String(seconds) } });
    }
    await next();
  };
}

/** The peer address of the connection (in-process test requests have none and share one bucket). */
function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
