import * as v from 'valibot';
import { SYNC_FROM_START } from './sync-cursor';

/**
 * How a mirror follows a paged sync (src/domain/sync-cursor.ts) across pages, reloads and tabs.
 *
 * A mirror keeps two records: the cursor of its last complete sync (with when it was saved), and, while a sync
 * is between pages, the page cursor to ask with next and whether that sync is a full one. Every page is stored
 * as it comes, in the same transaction as the record of where the sync stands, so an interrupted sync (offline,
 * a reload) resumes from its page cursor with nothing lost or stored twice. A full sync removes the rows the
 * server did not send only when its last page is in: until then the mirror shows what it had, plus what came.
 * A page asked for by a sync that is no longer the one in progress (another tab moved it on, or began one) is
 * dropped; the tab that moved it finishes it.
 *
 * Pure: no DOM, no network, no storage.
 */

/**
 * Whom the server answered the rows: a visitor gets listings without their phone numbers and streets (issue 40), a
 * signed-in person with them. A mirror holds one kind of rows: when the phone's viewer changes, its next sync is a
 * full one, which replaces every row.
 */
export const SYNC_VIEWERS = ['visitor', 'member'] as const;
export type SyncViewer = (typeof SYNC_VIEWERS)[number];
const syncViewer = v.picklist(SYNC_VIEWERS);

/** Mirrors stored before visitors could read listings hold what signed-in people were answered. */
export const VIEWER_BEFORE_VISITORS: SyncViewer = 'member';

/** The last complete sync, as a mirror stores it under the key `sync`. */
export const storedSyncStateSchema = v.object({
  key: v.literal('sync'),
  /** The cursor to send as `since` next. */
  cursor: v.string(),
  /** Epoch ms on this device when that sync was stored. */
  savedAt: v.number(),
  /** Whom the rows were answered to (missing: VIEWER_BEFORE_VISITORS). */
  viewer: v.optional(syncViewer),
});
export type StoredSyncState = v.InferOutput<typeof storedSyncStateSchema>;

/** A sync between its pages, as a mirror stores it under the key `sync-pages`. */
export const storedSyncPagesSchema = v.object({
  key: v.literal('sync-pages'),
  /** The page cursor to ask with next. */
  cursor: v.string(),
  /** A full sync: the rows it did not send go when it ends. */
  full: v.boolean(),
  /** Whom its pages were answered to (missing: VIEWER_BEFORE_VISITORS). */
  viewer: v.optional(syncViewer),
});
export type StoredSyncPages = v.InferOutput<typeof storedSyncPagesSchema>;

/** One request of a sync, and what the mirror must know to store its answer. */
export interface SyncRequest {
  since: string;
  full: boolean;
  /** Asked with a page cursor: the answer continues the sync in progress. */
  continuing: boolean;
}

/**
 * What a mirror may go on from for `viewer`: its last cursor and the sync between its pages, each only if its rows were
 * answered to the same viewer (else the next sync is a full one, which replaces every row).
 */
export function progressFor(
  viewer: SyncViewer,
  stored: { sync: StoredSyncState | undefined; pages: StoredSyncPages | undefined },
): { cursor: string | undefined; pages: StoredSyncPages | undefined } {
  const same = (record: { viewer?: SyncViewer } | undefined) => (record?.viewer ?? VIEWER_BEFORE_VISITORS) === viewer;
  const pages = stored.pages && same(stored.pages) ? stored.pages : undefined;
  return { cursor: same(stored.sync) ? stored.sync?.cursor : undefined, pages };
}

/** The next request: the sync in progress goes on, else a new one starts from the last cursor (or the beginning). */
export function nextSyncRequest(lastCursor: string | undefined, inProgress: StoredSyncPages | undefined): SyncRequest {
  if (inProgress) return { since: inProgress.cursor, full: inProgress.full, continuing: true };
  const since = lastCursor ?? SYNC_FROM_START;
  return { since, full: since === SYNC_FROM_START, continuing: false };
}

/**
 * True when the answer to `request` belongs to the sync the mirror is following: a new sync only when none is in
 * progress, a continuation only of the page the mirror last stored.
 */
export function isCurrentSyncRun(request: SyncRequest, inProgress: StoredSyncPages | undefined): boolean {
  return request.continuing ? inProgress?.cursor === request.since : inProgress === undefined;
}

/** The request for the page after `page`, or undefined when `page` ended the sync. */
export function requestAfterPage(
  request: SyncRequest,
  page: { more: boolean; cursor: string },
): SyncRequest | undefined {
  return page.more ? { since: page.cursor, full: request.full, continuing: true } : undefined;
}
