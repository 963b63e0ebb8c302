import { and, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { idempotencyKeys, rateLimitCounters, sessions, uploads, userEvents } from '../db/schema';
import type { AppDeps, Logger } from '../deps';
import { IDEMPOTENCY_KEY_TTL_MS } from '../http/idempotency';
import { uploadFileKeys } from '../images/uploads';
import { unlistUnconfirmedRentPosts } from '../rent/rent-posts';
import { expireDue } from '../requests/request-store';

/**
 * The one cleanup job: what the server keeps only for a while is removed here, every CLEANUP_EVERY on the job queue
 * (server/jobs), which runs it in one of the server processes.
 * - uploads that no record took within UNATTACHED_UPLOAD_GRACE_MS, with their files (large and thumbnail);
 * - sessions that expired or were revoked more than ENDED_SESSION_KEPT_MS ago;
 * - idempotency keys older than IDEMPOTENCY_KEY_TTL_MS (after that a repeat runs as a new request anyway);
 * - rate-limit counters of windows that ended long ago;
 * - requests still unanswered 48 hours after they were made become `expired` (reads do it too, lazily);
 * - and, in the job only (cleanUp), rent ads whose posters have not confirmed them for 90 days leave the lists.
 *
 * Two runs may still overlap (a slow run and the next slot, or a retry): every step is a `delete ... where` that a second
 * run finds already done, and a file that is already gone is not an error. An upload's row is deleted before
 * its files, in one statement that rechecks "not attached": a writer attaching it at that moment either wins
 * (the row stays, and so do the files) or finds the row gone and refuses the URL. Files whose removal fails are
 * logged and left: disk space, never a record pointing at a missing photo.
 */

/** How long an upload may wait for its record: an outbox that was offline for a day has to upload again. */
export const UNATTACHED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
/** Ended sessions stay a week: a short trail when a recent sign-in needs looking into. */
export const ENDED_SESSION_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** As long as the longest rate-limit window: the day over which changes to one's listings count (posting-limit.ts). */
export const RATE_LIMIT_COUNTERS_KEPT_MS = 24 * 60 * 60 * 1000;
/** Events a stream can still resume from (Last-Event-ID): a client away longer reads the lists again instead. */
export const EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;
/** Every quarter of an hour (a cron line, UTC), once for all server processes. */
export const CLEANUP_EVERY = '*/15 * * * *';
// Uploads are removed in batches, so that one run never holds a long statement or thousands of file calls.
const UPLOAD_BATCH_SIZE = 100;

export interface CleanupReport {
  uploads: number;
  sessions: number;
  idempotencyKeys: number;
  rateLimitCounters: number;
  expiredRequests: number;
  events: number;
}

type CleanupDeps = Pick<AppDeps, 'db' | 'images' | 'clock'> & { logger?: Logger | undefined };

export async function runCleanup(deps: CleanupDeps): Promise<CleanupReport> {
  const now = deps.clock.now().getTime();
  const before = (ms: number) => new Date(now - ms);
  return {
    uploads: await removeUnattachedUploads(deps, before(UNATTACHED_UPLOAD_GRACE_MS)),
    sessions: await count(
      deps.db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, before(ENDED_SESSION_KEPT_MS)),
            and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before(ENDED_SESSION_KEPT_MS))),
          ),
        )
        .returning({ id: sessions.id }),
    ),
    idempotencyKeys: await count(
      deps.db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before(IDEMPOTENCY_KEY_TTL_MS)))
        .returning({ key: idempotencyKeys.key }),
    ),
    rateLimitCounters: await count(
      deps.db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.windowStart, before(RATE_LIMIT_COUNTERS_KEPT_MS)))
        .returning({ bucket: rateLimitCounters.bucket }),
    ),
    expiredRequests: await expireDue(deps.db, deps.clock.now()),
    events: await count(
      deps.db
        .delete(userEvents)
        .where(lt(userEvents.createdAt, before(EVENTS_KEPT_MS)))
        .returning({ id: userEvents.id }),
    ),
  };
}

async function count(rows: Promise<unknown[]>): Promise<number> {
  return (await rows).length;
}

async function removeUnattachedUploads(deps: CleanupDeps, madeBefore: Date): Promise<number> {
  const unattachedSince = and(isNull(uploads.attachedAt), lt(uploads.createdAt, madeBefore));
  let removed = 0;
  for (;;) {
    const batch = deps.db.select({ key: uploads.key }).from(uploads).where(unattachedSince).limit(UPLOAD_BATCH_SIZE);
    const rows = await deps.db
      .delete(uploads)
      .where(and(inArray(uploads.key, batch), unattachedSince))
      .returning({ key: uploads.key, kind: uploads.kind });
    const results = await Promise.allSettled(rows.flatMap(uploadFileKeys).map((key) => deps.images.remove(key)));
    for (const result of results) {
      if (result.status === 'rejected') deps.logger?.error('Cleanup: could not remove an upload file', result.reason);
    }
    removed += rows.length;
    if (rows.length < UPLOAD_BATCH_SIZE) return removed;
  }
}

/**
 * The cleanup job's run (server/jobs/jobs.ts sends it every CLEANUP_EVERY): what runCleanup removes, then the rent
 * ads unconfirmed for 90 days leave the lists. A failure throws, and the queue tries again.
 */
export async function cleanUp(deps: CleanupDeps): Promise<void> {
  const report = await runCleanup(deps);
  const total = Object.values(report).reduce((sum, n) => sum + n, 0);
  if (total > 0) deps.logger?.info(`Cleanup removed ${JSON.stringify(report)}`);
  // Not removal, so not in the report: ads unconfirmed for 90 days leave the lists (decision 0013).
  const unlisted = await unlistUnconfirmedRentPosts(deps.db, deps.clock.now());
  if (unlisted > 0) deps.logger?.info(`Cleanup unlisted ${unlisted} unconfirmed rent posts`);
}
