import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SyncPosition } from '../../src/domain/sync-cursor';

/**
 * Keyset paging over (timestamp, id): each page is the rows after (or before) the last row of the page before,
 * read as one range of a (timestamp, id) index, never with an offset, so a page costs the same at the end of a
 * table as at its start. Timestamps are compared at the column's full precision, microseconds: a JavaScript
 * Date has only milliseconds, and a place rounded down to the millisecond would send rows again (without end,
 * if more than a page of rows shared one millisecond).
 */

/** Rows read per page where a whole list is read page by page (the plain lists, see server/http/streamed-list.ts). */
export const LIST_PAGE_ROWS = 500;

/** The column's exact value in epoch microseconds, as text (select it beside the row to page after it). */
export function epochMicros(column: AnyColumn): SQL<string> {
  // extract(epoch ...) is numeric, exact, since PostgreSQL 14 (PGlite is 17).
  return sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
}

/** An exact timestamp literal for epoch microseconds: '2026-03-01T10:00:00.123456Z'. */
export function microsTimestamp(atMicros: number): string {
  const ms = Math.floor(atMicros / 1000);
  const micros = String(atMicros - ms * 1000).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${micros}Z`);
}

/** The position of a row whose (timestamp, id) was read with epochMicros. */
export function positionOf(atMicros: string, id: string): SyncPosition {
  return { atMicros: Number(atMicros), id };
}

/** Rows after `position` in ascending (time, id) order. */
export function rowsAfter(time: AnyColumn, id: AnyColumn, position: SyncPosition): SQL {
  return sql`(${time}, ${id}) > (${microsTimestamp(position.atMicros)}::timestamptz, ${position.id}::uuid)`;
}

/** Rows before `position` in ascending (time, id) order: the next ones when reading newest first. */
export function rowsBefore(time: AnyColumn, id: AnyColumn, position: SyncPosition): SQL {
  return sql`(${time}, ${id}) < (${microsTimestamp(position.atMicros)}::timestamptz, ${position.id}::uuid)`;
}
