import Dexie, { type Table } from 'dexie';
import { sameRecord } from '@/lib/keep-unchanged';

/**
 * A mirror: one IndexedDB database holding a feature's list as the server sent it, which pages read instead of
 * the network (docs/offline.md). Rent posts and services are two configurations of this one factory.
 *
 * What is kept where:
 * - the rows store (`posts`, `services`): one row per live record, by `_id`, with the indexes a query may walk;
 * - `meta`: where the delta sync stands (`sync`, `sync-pages`: written by mirror-sync.ts) and `rows-version`, a
 *   stamp written anew in the same transaction as every change to the rows;
 * - `fullSyncIds`: the ids a full sync has sent so far (mirror-sync.ts).
 *
 * There is one way to ask: `query`. The route loader and the page call it alike. It is fast inside, for the
 * two shapes lists take:
 * - every row, in the order of an index, the first `limit` of them (a list as it opens): a walk of that index
 *   and a count; nothing else is read, so a list of ten thousand shows its first screen in milliseconds;
 * - anything else (a filter, a search): the rows in memory, filtered and sorted by the feature's pure rules. The
 *   rows are read from storage once and kept while `rows-version` stays where it was; a change made here or in
 *   another tab moves it, and the next query reads them again.
 *
 * The database is Dexie's, as are the outbox's, the viewed records' and the saved items' (decision 0020): one way
 * of using IndexedDB in the app. The list pages preload Dexie's chunk with their own, so their first read does not
 * wait for it. Every row read back is checked by the feature's `isRow`; one that fails (written by an older app,
 * say) is left out of every answer rather than trusted.
 */

/**
 * The Dexie version of every mirror: IndexedDB version 50, above the 41 that the hand-written factory used (30 was an
 * earlier Dexie one). Opening a database of an older app keeps its rows and cursor: the stores and their key paths
 * are the same, Dexie adds or drops indexes to match `indexes`, and the upgrade drops the meta records no code reads.
 */
const MIRROR_DEXIE_VERSION = 5;

export const MIRROR_META_STORE = 'meta';
export const MIRROR_FULL_SYNC_STORE = 'fullSyncIds';
/** The meta records a mirror keeps; any other (an older app's) is dropped when the database is upgraded. */
export const MIRROR_META_KEYS = { sync: 'sync', syncPages: 'sync-pages', rowsVersion: 'rows-version' } as const;

export interface MirrorConfig<Row extends { _id: string }> {
  /** The IndexedDB database (decision 0004: one per feature). */
  name: string;
  /** The store of rows. */
  rows: string;
  /** Indexes on the rows store, each on the field of the same name, for queries to walk. */
  indexes: readonly string[];
  /** The check every row read back from storage passes. */
  isRow: (value: unknown) => value is Row;
}

/** An order of rows: `compare`, which must be the order of walking `index` (its key, then the id) when one is named. */
export interface MirrorOrder<Row> {
  compare: (a: Row, b: Row) => number;
  index?: string;
  direction: 'asc' | 'desc';
}

export interface MirrorQuery<Row> {
  /** The rows kept; absent, every row. */
  where?: ((row: Row) => boolean) | undefined;
  /** Absent, by id. */
  order?: MirrorOrder<Row> | undefined;
  /** At most this many rows in the answer; absent, all that match. */
  limit?: number | undefined;
  /**
   * How many rows `where` keeps, counted on the store's indexes. Given it, a query with a limit whose order walks an
   * index walks it applying `where` row by row rather than reading every row: for a `where` that leaves out few rows
   * (the rent list as it opens steps over the Booked ads). It must count exactly the rows `where` keeps.
   */
  count?: ((rows: MirrorRowsTable) => Promise<number>) | undefined;
}

export interface MirrorAnswer<Row> {
  /** The matching rows, in order, at most `limit` of them. */
  rows: Row[];
  /** How many rows match in all. */
  total: number;
  /** How many rows the mirror holds, whatever the query: none at all is another empty list than none found. */
  all: number;
}

/** What a write brought into the mirror, as its listeners hear it. */
export interface MirrorChange {
  /** Rows were added, changed or removed; false when a sync only confirmed what the mirror holds. */
  rowsChanged: boolean;
  /** Present when a sync was stored: when the mirror was last brought fully up to date (epoch ms), if ever. */
  savedAt?: number | undefined;
}

/** A meta record: keyed by `key` (MIRROR_META_KEYS), the rest as its writer made it (checked when read). */
export interface MirrorMetaRecord {
  key: string;
  [field: string]: unknown;
}

/** The rows store as Dexie opens it: what it holds is checked on reading (`isRow`), so its rows are unknown. */
export type MirrorRowsTable = Table<unknown, string>;

/** The tables of one read-write transaction, for mirror-sync.ts. */
export interface MirrorWriter {
  rows: MirrorRowsTable;
  meta: Table<MirrorMetaRecord, string>;
  fullSyncIds: Table<{ _id: string }, string>;
  /** Says the rows changed: `rows-version` moves and listeners hear `rowsChanged`. */
  rowsChanged(): void;
  /** Has listeners hear that a sync was stored, with when, even if no row changed. */
  syncStored(savedAt: number | undefined): void;
}

export interface Mirror<Row extends { _id: string }> {
  readonly config: MirrorConfig<Row>;
  /** The one way to ask the mirror for rows. */
  query(query: MirrorQuery<Row>): Promise<MirrorAnswer<Row>>;
  get(id: string): Promise<Row | undefined>;
  /** Stores a row as the server sent it; one stored exactly so is left alone. */
  put(row: Row): Promise<void>;
  remove(id: string): Promise<void>;
  /** Replaces every row that `where` selects with `rows` (one provider's services, say). */
  replaceWhere(where: (row: Row) => boolean, rows: readonly Row[]): Promise<void>;
  /** Hears every change, made in this tab or another; answers the unsubscribe function. */
  subscribe(listener: (change: MirrorChange) => void): () => void;
  /** Runs `body` in one read-write transaction over every store of the mirror. */
  write<T>(body: (writer: MirrorWriter) => Promise<T>): Promise<T>;
  /** Reads a meta record as stored, to be checked by the caller. */
  readMeta(key: string): Promise<unknown>;
  /** Closes the connection and forgets what is kept in memory (tests reset the database between cases). */
  close(): void;
}

/** The stored `rows-version`: a stamp made afresh at each change, so no two states of the rows share one. */
function versionOf(record: unknown): string | undefined {
  return typeof record === 'object' && record !== null && 'version' in record && typeof record.version === 'string'
    ? record.version
    : undefined;
}

function newVersion(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The first `limit` rows in the order of `compare` (all of them without a limit), as a stable sort would give
 * them. A page of a long list keeps only its rows as it goes, rather than sorting every match.
 */
function firstInOrder<Row>(rows: readonly Row[], compare: ((a: Row, b: Row) => number) | undefined, limit?: number) {
  if (!compare) return limit === undefined ? [...rows] : rows.slice(0, limit);
  if (limit === undefined || limit * 8 > rows.length) return [...rows].sort(compare).slice(0, limit);
  const first: Row[] = [];
  if (limit <= 0) return first;
  for (const row of rows) {
    if (first.length === limit && compare(row, first[limit - 1]!) >= 0) continue;
    // After every row that sorts the same: equal rows keep their order, as in a stable sort.
    let low = 0;
    let high = first.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(first[middle]!, row) <= 0) low = middle + 1;
      else high = middle;
    }
    first.splice(low, 0, row);
    if (first.length > limit) first.pop();
  }
  return first;
}

/** A mirror's database: the rows store with the indexes of its configuration, `meta` and `fullSyncIds`. */
function mirrorDatabase(config: { name: string; rows: string; indexes: readonly string[] }): Dexie {
  const db = new Dexie(config.name);
  db.version(MIRROR_DEXIE_VERSION)
    .stores({
      [config.rows]: ['_id', ...config.indexes].join(', '),
      [MIRROR_META_STORE]: 'key',
      [MIRROR_FULL_SYNC_STORE]: '_id',
    })
    // An older app kept other records in `meta` (a filter index as large as the list): they are not read any more.
    .upgrade((transaction) => {
      const known: readonly unknown[] = Object.values(MIRROR_META_KEYS);
      return transaction
        .table<MirrorMetaRecord, string>(MIRROR_META_STORE)
        .filter((record) => !known.includes(record.key))
        .delete();
    });
  return db;
}

export function createMirror<Row extends { _id: string }>(config: MirrorConfig<Row>): Mirror<Row> {
  let database: Dexie | undefined;
  let snapshot: { version: string | undefined; rows: Row[] } | undefined;
  const listeners = new Set<(change: MirrorChange) => void>();
  let channel: BroadcastChannel | undefined;

  /** The database, opened on the first call (Dexie opens it then, and again after another tab's upgrade). */
  function db() {
    if (!database) {
      snapshot = undefined;
      database = mirrorDatabase(config);
    }
    const opened = database;
    return {
      db: opened,
      rows: opened.table<unknown, string>(config.rows),
      meta: opened.table<MirrorMetaRecord, string>(MIRROR_META_STORE),
      fullSyncIds: opened.table<{ _id: string }, string>(MIRROR_FULL_SYNC_STORE),
    };
  }

  /** Every row, from memory while `rows-version` has not moved, else read again (in the caller's transaction). */
  async function allRows(rows: MirrorRowsTable, meta: Table<MirrorMetaRecord, string>): Promise<Row[]> {
    const version = versionOf(await meta.get(MIRROR_META_KEYS.rowsVersion));
    if (snapshot && snapshot.version === version) return snapshot.rows;
    const stored = await rows.toArray();
    const checked = stored.filter(config.isRow);
    snapshot = { version, rows: checked };
    return checked;
  }

  async function query(question: MirrorQuery<Row>): Promise<MirrorAnswer<Row>> {
    const { db: opened, rows, meta } = db();
    return opened.transaction('r', [rows, meta], async (): Promise<MirrorAnswer<Row>> => {
      const { where, order, limit, count } = question;
      const walkable = order === undefined || (order.index !== undefined && config.indexes.includes(order.index));
      if ((where === undefined || count !== undefined) && limit !== undefined && walkable) {
        const keep = where ? (value: unknown): value is Row => config.isRow(value) && where(value) : config.isRow;
        const walk = order?.index ? rows.orderBy(order.index) : rows.toCollection();
        const [found, all, total] = await Promise.all([
          limit <= 0 ? [] : (order?.direction === 'desc' ? walk.reverse() : walk).filter(keep).limit(limit).toArray(),
          rows.count(),
          where && count ? count(rows) : undefined,
        ]);
        return { rows: found.filter(config.isRow), total: total ?? all, all };
      }
      const every = await allRows(rows, meta);
      const matching = where ? every.filter(where) : every;
      return { rows: firstInOrder(matching, order?.compare, limit), total: matching.length, all: every.length };
    });
  }

  function hear(change: MirrorChange): void {
    listeners.forEach((listener) => listener(change));
  }

  function openChannel(): BroadcastChannel | undefined {
    if (channel || typeof BroadcastChannel === 'undefined') return channel;
    channel = new BroadcastChannel(`basha-mirror:${config.name}`);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (typeof data === 'object' && data !== null && 'rowsChanged' in data && typeof data.rowsChanged === 'boolean') {
        const savedAt = 'savedAt' in data && typeof data.savedAt === 'number' ? data.savedAt : undefined;
        hear('savedAt' in data ? { rowsChanged: data.rowsChanged, savedAt } : { rowsChanged: data.rowsChanged });
      }
    };
    // In Node (the tests) an open channel would keep the process alive.
    if ('unref' in channel && typeof channel.unref === 'function') channel.unref();
    return channel;
  }

  async function write<T>(body: (writer: MirrorWriter) => Promise<T>): Promise<T> {
    const { db: opened, rows, meta, fullSyncIds } = db();
    let changed = false;
    let stored: { savedAt: number | undefined } | undefined;
    const value = await opened.transaction('rw', [rows, meta, fullSyncIds], async () => {
      const answer = await body({
        rows,
        meta,
        fullSyncIds,
        rowsChanged: () => {
          changed = true;
        },
        syncStored: (savedAt) => {
          stored = { savedAt };
        },
      });
      if (changed) await meta.put({ key: MIRROR_META_KEYS.rowsVersion, version: newVersion() });
      return answer;
    });
    if (changed || stored) {
      const change: MirrorChange = stored ? { rowsChanged: changed, savedAt: stored.savedAt } : { rowsChanged: true };
      hear(change);
      openChannel()?.postMessage(change);
    }
    return value;
  }

  return {
    config,
    query,
    async get(id) {
      const row = await db().rows.get(id);
      return config.isRow(row) ? row : undefined;
    },
    put: (row) =>
      write(async (writer) => {
        if (sameRecord(await writer.rows.get(row._id), row)) return;
        await writer.rows.put(row);
        writer.rowsChanged();
      }),
    remove: (id) =>
      write(async (writer) => {
        // A row the mirror never held changes nothing.
        if ((await writer.rows.where(':id').equals(id).count()) === 0) return;
        await writer.rows.delete(id);
        writer.rowsChanged();
      }),
    replaceWhere: (where, rows) =>
      write(async (writer) => {
        const stored = await writer.rows.toArray();
        const incoming = new Map(rows.map((row) => [row._id, row]));
        const before = new Map(stored.filter(config.isRow).map((row) => [row._id, row]));
        const gone = [...before.values()].filter((row) => where(row) && !incoming.has(row._id));
        const put = rows.filter((row) => !sameRecord(before.get(row._id), row));
        await writer.rows.bulkDelete(gone.map((row) => row._id));
        await writer.rows.bulkPut(put);
        if (gone.length > 0 || put.length > 0) writer.rowsChanged();
      }),
    subscribe(listener) {
      listeners.add(listener);
      openChannel();
      return () => listeners.delete(listener);
    },
    write,
    readMeta: (key) => db().meta.get(key),
    close() {
      database?.close();
      database = undefined;
      snapshot = undefined;
      channel?.close();
      channel = undefined;
    },
  };
}
