/**
 * Delta-sync cursors for the list endpoints (`GET /rent/rent-posts?since=`, `GET /profession/find-services/
 * {category}?since=`).
 *
 * A cursor is the server's clock time, read BEFORE the list query runs, written as whole epoch milliseconds
 * in decimal ("1767225600000"). Clients must treat it as opaque: store the last one and send it back.
 * `0` means "from the beginning": every live row and no deleted ids.
 *
 * Write handlers stamp `updated_at` from the app clock before their transaction commits, so a row can become
 * visible after a reader's moment while carrying an older stamp. A delta therefore answers every row with
 * `updated_at > cursor - SYNC_OVERLAP_MS`: the last minute is sent again so no late commit is ever missed, and
 * clients merge by id, so the repeats are harmless.
 *
 * Pure: no DOM, no Node, no storage; the server and the app both use it.
 */

/** How far before the cursor a delta reaches back, to catch writes that committed after their stamp. */
export const SYNC_OVERLAP_MS = 60 * 1000;
/** A cursor further ahead of the server's clock than this is refused (nobody could have been given it). */
export const SYNC_CURSOR_MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
/** The cursor of a first, full sync. */
export const SYNC_FROM_START = '0';
export const INVALID_SYNC_CURSOR_MESSAGE = 'Invalid sync cursor.';

/** What `?since=` answers as `data`: live rows that changed, ids of rows deleted, and the next cursor. */
export interface SyncDelta<Row> {
  changed: Row[];
  deleted: string[];
  cursor: string;
}

export function encodeSyncCursor(at: Date): string {
  return String(Math.max(0, Math.floor(at.getTime())));
}

/** Canonical non-negative whole numbers only, at most 16 digits (above Number.MAX_SAFE_INTEGER is refused). */
const CURSOR_PATTERN = /^(0|[1-9]\d{0,15})$/;

/** The cursor's epoch milliseconds, or undefined when it is malformed, unsafe or more than a day ahead. */
export function decodeSyncCursor(cursor: string, now: Date): number | undefined {
  if (!CURSOR_PATTERN.test(cursor)) return undefined;
  const ms = Number(cursor);
  if (!Number.isSafeInteger(ms) || ms > now.getTime() + SYNC_CURSOR_MAX_FUTURE_MS) return undefined;
  return ms;
}

/** One sync read: the cursor to hand out and which rows it covers. */
export interface SyncWindow {
  /** The next cursor: `now`, the moment taken before the read. */
  cursor: string;
  /** Rows updated after this moment belong to the delta; null from the beginning (all live rows, no ids). */
  changedAfter: Date | null;
}

/** The window for a `?since=` value read at `now`, or undefined when the cursor is invalid. */
export function syncWindowFor(since: string, now: Date): SyncWindow | undefined {
  const sinceMs = decodeSyncCursor(since, now);
  if (sinceMs === undefined) return undefined;
  return {
    cursor: encodeSyncCursor(now),
    changedAfter: sinceMs === 0 ? null : new Date(sinceMs - SYNC_OVERLAP_MS),
  };
}
