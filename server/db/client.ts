import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createPgListener, type Unlisten } from './pg-listener';
import { schema } from './schema';

export type { Unlisten } from './pg-listener';

/**
 * Opens the database: embedded PGlite (a folder on disk, or in memory for tests) or a PostgreSQL server.
 * Both speak the same drizzle schema and migrations, so the rest of the server sees one `Database` type.
 */

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** Applies every pending migration from server/db/migrations. */
  migrate(): Promise<void>;
  /**
   * LISTENs on `channel`: `onNotify` gets each NOTIFY's payload once its transaction commits, whichever process sent
   * it. `onReconnect` says notifications may have been missed (the listening connection to a PostgreSQL server was
   * lost and opened again).
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<Unlisten>;
  /**
   * Runs SQL as text for a library that brings its own (the job queue, server/jobs): with values, one statement
   * with $1… parameters; without, one or more statements, answering the last one's rows. Not for Basha's own
   * tables, which are written through `db` (PGlite's write count, statementsThatMayWrite, sees only those).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs `work` while this process holds the session-level advisory lock `lockId`: the processes of one database
   * take turns (setting up the job queue's tables, which two at once would race to create). PGlite has one process.
   */
  exclusively<T>(lockId: bigint, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { kind: 'pglite'; dataDir: string }
  /** In memory; `loadDataDir` starts it from a PGlite `dumpDataDir()` (tests clone one migrated database). */
  | { kind: 'memory'; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolMax?: number };

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Connections one server process keeps open to PostgreSQL at most (DATABASE_POOL_MAX). */
export const DEFAULT_POOL_MAX = 10;
const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_CONNECTION_MS = 30_000;
/**
 * Names Basha's migrations among PostgreSQL's advisory locks (any fixed 64-bit number would do; these are the
 * bytes of "basha-mg"). Advisory locks are per database, so databases on one server do not wait for each other.
 */
export const MIGRATION_LOCK_ID = 0x62617368612d6d67n;

const SELECT_STATEMENT = /^\s*select\b/i;
const writeCounters = new WeakMap<Database, () => number>();

/**
 * For embedded PGlite only: how many statements other than selects this process has sent so far. PGlite has
 * one owner, this process, and every statement goes through this handle (migrations and demo data too), so
 * while the count stays the same no data has changed (server/db/change-marks.ts keeps its marks by it). A
 * PostgreSQL server has other writers: undefined.
 */
/**
 * `executeSql` over a drizzle database or transaction: a library's statement (with $1… parameters) runs on that
 * connection, so inside a transaction it commits or rolls back with it (the job queue's transactional send).
 */
export function sqlExecutorOf(db: Database): Pick<DatabaseHandle, 'executeSql'> {
  return {
    executeSql: async (text, values = []) => {
      // "$2" in the text becomes the second value, passed as a parameter, never spliced into the SQL.
      const pieces = text.split(/\$(\d+)/);
      const query = sql.join(
        pieces.map((piece, index) => (index % 2 === 0 ? sql.raw(piece) : sql.param(values[Number(piece) - 1]))),
      );
      const result = await db.execute(query);
      return { rows: (result as { rows: unknown[] }).rows };
    },
  };
}

/**
 * After several statements sent as one failed: a `BEGIN` among them left the connection in a failed transaction, in
 * which PostgreSQL refuses every later statement until a ROLLBACK (pg-boss sends its setup and maintenance as
 * `BEGIN; ...; COMMIT`, and expects some to fail when processes race). Rolled back here, so that the connection,
 * the pool's or PGlite's only one, serves the app again. Without a transaction open, ROLLBACK only warns.
 */
async function endFailedTransaction(run: (statement: string) => Promise<unknown>): Promise<void> {
  await run('ROLLBACK').catch(() => undefined);
}

export function statementsThatMayWrite(db: Database): number | undefined {
  return writeCounters.get(db)?.();
}

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: location.poolMax ?? DEFAULT_POOL_MAX,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
    });
    // The server may end an idle connection (a restart, a failover, an administrator, a dropped test database).
    // pg reports it as the pool's 'error' event, which without a listener throws and ends the whole process; the
    // pool has already let the connection go and opens a new one for the next query.
    pool.on('error', (error) => {
      console.error(`PostgreSQL ended an idle connection; the next query opens a new one (${error.message})`);
    });
    const db = drizzlePg({ client: pool, schema });
    const listener = createPgListener(location.url, (message) => console.error(message));
    return {
      db,
      migrate: () => migratePostgres(pool),
      listen: (channel, onNotify, onReconnect) => listener.listen(channel, onNotify, onReconnect),
      executeSql: async (text, values) => {
        if (values && values.length > 0) return pool.query(text, values);
        // pg sends text without values by the simple protocol, which runs several statements (answering an array),
        // on one connection of the pool, which is given back in whatever state the statements leave it.
        const connection = await pool.connect();
        try {
          const result: pg.QueryResult | pg.QueryResult[] = await connection.query(text);
          return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
        } catch (error) {
          await endFailedTransaction((statement) => connection.query(statement));
          throw error;
        } finally {
          connection.release();
        }
      },
      exclusively: async (lockId, work) => {
        // The lock is held by one connection kept aside; `work` runs on the pool's others.
        const connection = await pool.connect();
        try {
          await connection.query('select pg_advisory_lock($1)', [lockId.toString()]);
          try {
            return await work();
          } finally {
            await connection.query('select pg_advisory_unlock($1)', [lockId.toString()]);
          }
        } finally {
          connection.release();
        }
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const client =
    location.kind === 'pglite'
      ? new PGlite(location.dataDir)
      : new PGlite(location.loadDataDir ? { loadDataDir: location.loadDataDir } : {});
  await client.waitReady;
  let statements = 0;
  const db = drizzlePglite({
    client,
    schema,
    // Counts the statements that may write (anything but a select): see statementsThatMayWrite.
    logger: {
      logQuery: (query) => {
        if (!SELECT_STATEMENT.test(query)) statements += 1;
      },
    },
  });
  writeCounters.set(db, () => statements);
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    // PGlite has one owner, this process: its notifications never cross a connection that could drop.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
    // PGlite's query takes one statement with parameters; exec takes several without.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      try {
        return (await client.exec(text)).at(-1) ?? { rows: [] };
      } catch (error) {
        await endFailedTransaction((statement) => client.exec(statement));
        throw error;
      }
    },
    exclusively: (_lockId, work) => work(),
    close: () => client.close(),
  };
}

/**
 * Several server processes may start at once over one database. drizzle's migrator is not safe for that (two
 * would both create its table and both apply the same migration), so each process first takes a session-level
 * advisory lock on one connection and migrates over that connection; the others wait, then find nothing to do.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const lockId = MIGRATION_LOCK_ID.toString();
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [lockId]);
    await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder: MIGRATIONS_DIR });
    await connection.query('select pg_advisory_unlock($1)', [lockId]);
    connection.release();
  } catch (error) {
    // Closing the connection ends its session, which lets go of the lock whatever state it was left in.
    connection.release(true);
    throw error;
  }
}

/** True when the error (or one it wraps) is a PostgreSQL unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}
