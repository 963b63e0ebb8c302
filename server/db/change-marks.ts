import * as v from 'valibot';
import { changeMarks } from './schema';
import { epochMicros } from './keyset';
import { statementsThatMayWrite, type Database } from './client';
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
export type MarkedTable = 'rent_posts' | 'services' | 'users';
const MARKED_TABLES: readonly string[] = ['rent_posts', 'services', 'users'] satisfies MarkedTable[];

function isMarkedTable(name: string): name is MarkedTable {
  return MARKED_TABLES.includes(name);
}

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
    if (isMarkedTable(row.tableName)) {
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

interface Reader {
  read: () => Promise<ChangeMarks>;
  /** Embedded PGlite: the last marks read, and the count of writing statements before that read began. */
  kept?: { statements: number; marks: ChangeMarks };
}

// One reader per database handle, i.e. per server process (tests run several apps in one process, each its own).
const readers = new WeakMap<Database, Reader>();

/**
 * The marks of every marked table, as of a moment after this call. On embedded PGlite, whose every statement
 * this process sends, the marks last read serve until a statement that may write is sent (statementsThatMayWrite
 * in server/db/client.ts): then no read is needed at all while nothing is written.
 */
export function currentMarks(db: Database): Promise<ChangeMarks> {
  let reader = readers.get(db);
  if (!reader) {
    const made: Reader = {
      read: freshReads(async () => {
        const statements = statementsThatMayWrite(db);
        const marks = await readMarks(db);
        if (statements !== undefined) made.kept = { statements, marks };
        return marks;
      }),
    };
    readers.set(db, (reader = made));
  }
  const { kept } = reader;
  if (kept && kept.statements === statementsThatMayWrite(db)) return Promise.resolve(kept.marks);
  return reader.read();
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

/** Versions of the tables an answer is made from: equal versions, equal answer. */
export function versionsOf(marks: ChangeMarks, tables: readonly MarkedTable[]): string | undefined {
  const versions: number[] = [];
  for (const table of tables) {
    const mark = marks[table];
    if (!mark) return undefined;
    versions.push(mark.version);
  }
  return versions.join('.');
}

/**
 * Answers made from a few marked tables, kept while those tables' versions stay the same: a detail asked for
 * again is answered without a query. The versions are read before the answer is made, so a write in between
 * leaves an entry that no later read matches (a needless query, never a stale answer).
 */
export class MarkedCache<T> {
  private readonly entries = new Map<string, { versions: string; value: T }>();

  constructor(
    private readonly tables: readonly MarkedTable[],
    private readonly maxEntries: number,
  ) {}

  async get(db: Database, key: string, make: () => Promise<T | undefined>): Promise<T | undefined> {
    const versions = versionsOf(await currentMarks(db), this.tables);
    const entry = this.entries.get(key);
    if (entry && versions !== undefined && entry.versions === versions) return entry.value;
    const value = await make();
    if (versions === undefined) return value;
    if (value === undefined) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { versions, value });
    return value;
  }
}
