import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { USER_EVENT_NAME } from '../../src/domain/user-events';
import { bearerToken, requireSession, verifySession, type AuthEnv } from '../auth/middleware';
import { userEvents } from '../db/schema';
import { consoleLogger, type AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * `GET /api/v1/events` (issue 42, point 2): server-sent events telling a signed-in person what changed for them (a
 * message, a request's move), within moments, whichever server process they are connected to. Each event is a row
 * of user_events, written in its change's transaction and announced by NOTIFY (./user-events.ts); this process's
 * hub (./event-hub.ts) wakes the person's streams, and each reads its rows after the last it sent. An event's `id`
 * is its row's: a client that reconnects with `Last-Event-ID` gets what it missed, for as long as the cleanup job
 * keeps the rows (EVENTS_KEPT_MS). Without it, the stream starts from now.
 *
 * The session is checked again at each keep-alive, so a signed-out or revoked session stops hearing within
 * KEEP_ALIVE_MS. A person may hold STREAMS_PER_PERSON streams on one process (a few tabs and devices): each stream
 * costs memory and a query per event, and a throw-away account must not be able to open thousands.
 */

export const KEEP_ALIVE_MS = 25_000;
/** How long a disconnected client waits before it reconnects (the stream's `retry:`). */
export const RECONNECT_MS = 3_000;
export const STREAMS_PER_PERSON = 5;
const TOO_MANY_RETRY_S = 30;
/** Events read per query; a stream that fell far behind reads several pages in a row. */
const EVENTS_PAGE = 100;
const LAST_EVENT_ID = /^\d{1,15}$/;
const STREAM_HEADERS = { 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no' };

export function eventRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const logger = deps.logger ?? consoleLogger;
  const openStreams = new Map<string, number>();
  routes.use('*', requireSession(deps));

  routes.get('/', async (c) => {
    const { userId } = c.get('session');
    const token = bearerToken(c);
    const resumeFrom = c.req.header('Last-Event-ID');
    if (resumeFrom !== undefined && !LAST_EVENT_ID.test(resumeFrom.trim())) {
      throw new HttpError(400, m.server_events_last_id_invalid());
    }
    if ((openStreams.get(userId) ?? 0) >= STREAMS_PER_PERSON) {
      throw new HttpError(429, m.server_events_too_many(), { headers: { 'Retry-After': String(TOO_MANY_RETRY_S) } });
    }
    let cursor = resumeFrom === undefined ? await latestEventId(deps, userId) : Number(resumeFrom);
    openStreams.set(userId, (openStreams.get(userId) ?? 0) + 1);
    const response = streamSSE(
      c,
      async (stream) => {
        let pending = true;
        let keepAliveDue = false;
        let wakeUp: (() => void) | undefined;
        const wake = () => {
          pending = true;
          wakeUp?.();
        };
        const unwatch = await deps.events.watch(userId, wake);
        const keepAlive = setInterval(() => {
          keepAliveDue = true;
          wakeUp?.();
        }, KEEP_ALIVE_MS);
        stream.onAbort(() => wakeUp?.());
        try {
          await stream.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
          while (!stream.aborted && !deps.events.closed) {
            if (pending) {
              pending = false;
              cursor = await sendEventsAfter(deps, stream, userId, cursor);
            } else if (keepAliveDue) {
              keepAliveDue = false;
              if (!(await stillSignedIn(deps, token))) break;
              await stream.write(': keep-alive\n\n');
            } else {
              await new Promise<void>((resolve) => (wakeUp = resolve));
              wakeUp = undefined;
            }
          }
        } finally {
          clearInterval(keepAlive);
          unwatch();
          const left = (openStreams.get(userId) ?? 1) - 1;
          if (left > 0) openStreams.set(userId, left);
          else openStreams.delete(userId);
        }
      },
      async (error) => logger.error('An event stream failed', error),
    );
    // Over streamSSE's own Cache-Control: no-transform tells proxies too not to compress or hold events back. Set on
    // the context as well, since Hono lays headers an earlier middleware set through it over the answer returned.
    for (const [name, value] of Object.entries(STREAM_HEADERS)) {
      c.header(name, value);
      response.headers.set(name, value);
    }
    return response;
  });

  return routes;
}

async function latestEventId(deps: AppDeps, userId: string): Promise<number> {
  const [latest] = await deps.db
    .select({ id: userEvents.id })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.id))
    .limit(1);
  return latest?.id ?? 0;
}

/** Sends the person's events after `cursor`, oldest first; answers the last id sent. */
async function sendEventsAfter(deps: AppDeps, stream: SSEStreamingApi, userId: string, cursor: number) {
  for (;;) {
    const rows = await deps.db
      .select({ id: userEvents.id, data: userEvents.data })
      .from(userEvents)
      .where(and(eq(userEvents.userId, userId), gt(userEvents.id, cursor)))
      .orderBy(asc(userEvents.id))
      .limit(EVENTS_PAGE);
    for (const row of rows) {
      if (stream.aborted) return cursor;
      await stream.writeSSE({ id: String(row.id), event: USER_EVENT_NAME, data: JSON.stringify(row.data) });
      cursor = row.id;
    }
    if (rows.length < EVENTS_PAGE) return cursor;
  }
}

async function stillSignedIn(deps: AppDeps, token: string | undefined): Promise<boolean> {
  try {
    await verifySession(deps, token);
    return true;
  } catch {
    return false;
  }
}
