/**
 * Delta-sync cursors for the list endpoints (`GET /rent/rent-posts?since=`, `GET /profession/find-services/
 * {category}?since=`).
 *
 * A sync cursor is the server's clock time, read BEFORE the first page of a sync is read, written as whole
 * epoch milliseconds in decimal ("1767225600000"). Clients must treat it as opaque: store the last one and send
 * it back. `0` means "from the beginning": every live row and no deleted ids.
 *
 * Write handlers stamp `updated_at` from the app clock before their transaction commits, so a row can become
 * visible after a reader's moment while carrying an older stamp. A delta therefore answers every row with
 * `updated_at > cursor - SYNC_OVERLAP_MS`: the last minute is sent again so no late commit is ever missed, and
 * clients merge by id, so the repeats are harmless.
 *
 * Paging: one answer holds at most SYNC_PAGE_MAX_ROWS rows (changed and deleted together), in (updated_at, id)
 * order. When more remain it says `more: true` and its cursor is a page cursor, which continues after the last
 * row sent (keyset paging: a range of the (updated_at, id) index, never an offset). The last page answers the
 * moment taken before the first, so whatever changed while the pages were read is in the next delta. A page
 * cursor only names a place in that order and the moment the sync began: whatever it says, the server reads one
 * page for it. It is canonical (one spelling per value) and checked like a plain cursor.
 *
 * Pure: no DOM, no Node, no storage; the server and the app both use it.
 */

/** How far before the cursor a delta reaches back, to catch writes that committed after their stamp. */
export const SYNC_OVERLAP_MS = 60 * 1000;
/** A cursor further ahead of the server's clock than this is refused (nobody could have been given it). */
export const SYNC_CURSOR_MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
/** Rows (changed and deleted together) in one answer to `?since=`. */
export const SYNC_PAGE_MAX_ROWS = 500;
/** The cursor of a first, full sync. */
export const SYNC_FROM_START = '0';
export const INVALID_SYNC_CURSOR_MESSAGE = 'Invalid sync cursor.';

/**
 * What `?since=` answers as `data`: live rows that changed, ids of rows deleted, and the cursor to send next.
 * With `more`, the cursor is a page cursor: ask again with it at once; without, the sync is complete.
 */
export interface SyncDelta<Row> {
  changed: Row[];
  deleted: string[];
  cursor: string;
  more: boolean;
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

/** A row's place in the sync order: its `updated_at` in whole epoch microseconds (the column's precision), then its id. */
export interface SyncPosition {
  atMicros: number;
  /** A UUID in lower case. */
  id: string;
}

/** Sorts after every real id, so that a position at a time with this id means "after that time". */
const AFTER_EVERY_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** One `?since=` request, as the server reads it. */
export interface SyncRead {
  /** The moment taken before the sync's first page: the cursor its last page answers. */
  startedAt: Date;
  /** The page holds rows after this place; undefined from the very first row. */
  after: SyncPosition | undefined;
  /**
   * A full sync (from `0`) sends live rows only, plus the ids of rows deleted after it began (which an earlier
   * page may have sent). A delta sends every row after `after`, live or deleted.
   */
  full: boolean;
}

// p1.<f|d>.<startedAt ms>.<position µs>.<position id>. The version lets a later format refuse this one cleanly.
const PAGE_CURSOR_PATTERN =
  /^p1\.([fd])\.(0|[1-9]\d{0,15})\.(0|[1-9]\d{0,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function encodeSyncPageCursor(read: SyncRead, after: SyncPosition): string {
  const mode = read.full ? 'f' : 'd';
  return `p1.${mode}.${encodeSyncCursor(read.startedAt)}.${Math.max(0, Math.floor(after.atMicros))}.${after.id}`;
}

function decodeSyncPageCursor(cursor: string, now: Date): SyncRead | undefined {
  const match = PAGE_CURSOR_PATTERN.exec(cursor);
  if (!match) return undefined;
  const [, mode, startedAtText = '', atText = '', id = ''] = match;
  const latestMs = now.getTime() + SYNC_CURSOR_MAX_FUTURE_MS;
  const startedAtMs = Number(startedAtText);
  const atMicros = Number(atText);
  if (!Number.isSafeInteger(startedAtMs) || startedAtMs > latestMs) return undefined;
  if (!Number.isSafeInteger(atMicros) || atMicros > latestMs * 1000) return undefined;
  return { startedAt: new Date(startedAtMs), after: { atMicros, id }, full: mode === 'f' };
}

/** What a `?since=` value read at `now` asks for, or undefined when the cursor is invalid. */
export function syncReadFor(since: string, now: Date): SyncRead | undefined {
  if (since.startsWith('p')) return decodeSyncPageCursor(since, now);
  const sinceMs = decodeSyncCursor(since, now);
  if (sinceMs === undefined) return undefined;
  if (sinceMs === 0) return { startedAt: now, after: undefined, full: true };
  const changedAfterMs = Math.max(0, sinceMs - SYNC_OVERLAP_MS);
  return { startedAt: now, after: { atMicros: changedAfterMs * 1000, id: AFTER_EVERY_ID }, full: false };
}

/** One row read for a page: its place, and the row to send, or undefined when it is deleted (only its id goes). */
export interface SyncEntry<Row> {
  position: SyncPosition;
  row: Row | undefined;
}

/**
 * The answer for one page: `entries` are the page's rows in (updated_at, id) order (at most
 * SYNC_PAGE_MAX_ROWS), `more` whether rows remain after them.
 */
export function syncPageOf<Row>(read: SyncRead, entries: readonly SyncEntry<Row>[], more: boolean): SyncDelta<Row> {
  if (entries.length > SYNC_PAGE_MAX_ROWS) throw new Error(`a sync page holds at most ${SYNC_PAGE_MAX_ROWS} rows`);
  const changed: Row[] = [];
  const deleted: string[] = [];
  for (const entry of entries) {
    if (entry.row === undefined) deleted.push(entry.position.id);
    else changed.push(entry.row);
  }
  const last = entries.at(-1);
  const cursor = more && last ? encodeSyncPageCursor(read, last.position) : encodeSyncCursor(read.startedAt);
  return { changed, deleted, cursor, more: more && last !== undefined };
}
