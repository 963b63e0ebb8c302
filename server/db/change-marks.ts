import * as v from 'valibot';
import { changeMarks } from './schema';
import { epochMicros } from './keyset';
import type { Database } from './client';
import type { SyncPosition } from '../../src/domain/sync-cursor';

/**
 * What changed in a table, read from its row of `change_marks` (kept by triggers in the writing transaction, see
 * the migration change_marks): a `version` that every write statement bumps, and the latest `updated_at` written.
 * They let the commonest answers skip the table: a delta whose cursor is after the latest `updated_at` is empty
 * without reading a row, and a list's validator (ETag) is its table's version.
 *
 * Correctness across server processes comes from when a mark is read, never from remembering one: each request
 * uses a read that began after the request arrived, so it sees every write committed before then, as reading the
 * table itself would. Requests that arrive while a read is under way share the next one, so under load one read
 * of this small table serves a whole batch of requests.
 */

/** The tables with a mark (their triggers are in the migration). */
export type MarkedTable = 'rent_posts' | 'services';

export interface ChangeMark {
  version: number;
  /** The latest `updated_at` written to the table, in epoch microseconds; 0 when nothing was. */
  changedMicros: number;
}

/** A table without its row (nobody should remove one; the next write puts it back) is left out: unknown. */
export type ChangeMarks = Partial<Record<MarkedTable, ChangeMark>>;

const markRows = v.array(
  v.object({
    tableName: v.string(),
    version: v.pipe(v.number(), v.integer()),
    changedMicros: v.pipe(v.string(), v.regex(/^-?\d+$/)),
  }),
);

async function readMarks(db: Database): Promise<ChangeMarks> {
  const rows = v.parse(
    markRows,
    await db
      .select({
        tableName: changeMarks.tableName,
        version: changeMarks.version,
        changedMicros: epochMicros(changeMarks.changedAt),
      })
      .from(changeMarks),
  );
  const marks: ChangeMarks = {};
  for (const row of rows) {
    if (row.tableName === 'rent_posts' || row.tableName === 'services') {
      marks[row.tableName] = { version: row.version, changedMicros: Math.max(0, Number(row.changedMicros)) };
    }
  }
  return marks;
}

/**
 * Reads that coalesce: the promise answered to a caller is always of a read that started after the call. At most
 * one read runs at a time, and callers that arrive during it share the one that follows it.
 */
export function freshReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const reading = read();
    running = reading;
    const settled = () => {
      if (running === reading) running = undefined;
    };
    reading.then(settled, settled);
    return reading;
  };
  return () => {
    // The queued read has not begun: it starts after this call, whether one is running now or not.
    if (queued) return queued;
    if (!running) return start();
    queued = running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}

// One reader per database handle, i.e. per server process (tests run several apps in one process, each its own).
const readers = new WeakMap<Database, () => Promise<ChangeMarks>>();

/** The marks of every marked table, as of a moment after this call. */
export function currentMarks(db: Database): Promise<ChangeMarks> {
  let reader = readers.get(db);
  if (!reader) readers.set(db, (reader = freshReads(() => readMarks(db))));
  return reader();
}

/**
 * Whether a sync read (src/domain/sync-cursor.ts) would find no row: it asks for rows after a place in
 * (updated_at, id) order, and no row of the table was written with an `updated_at` at or after that place.
 */
export function nothingWrittenAfter(mark: ChangeMark | undefined, after: SyncPosition | undefined): boolean {
  return mark !== undefined && after !== undefined && mark.changedMicros < after.atMicros;
}

/** A validator for an answer made from one table only (a list): it changes with every write to the table. */
export function listEtag(prefix: string, mark: ChangeMark | undefined): string | undefined {
  return mark && `W/"${prefix}-${mark.version}-${mark.changedMicros}"`;
}
