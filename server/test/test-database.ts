import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';

/** On PostgreSQL with its URL, so that a second app instance can open connections of its own. */
export type TestDatabaseHandle = DatabaseHandle & { url?: string };

/**
 * The database of one test file: in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server
 * (`npm run test:postgres`), a fresh database created there and dropped afterwards, so the same tests prove
 * both engines.
 */
export async function openTestDatabase(): Promise<TestDatabaseHandle> {
  if (!process.env.TEST_DATABASE_URL) return openDatabase({ kind: 'memory' });
  const database = await createPostgresTestDatabase();
  const handle = await openDatabase({ kind: 'postgres', url: database.url });
  return {
    ...handle,
    url: database.url,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

export interface PostgresTestDatabase {
  /** Connection URL of the new, empty database. */
  url: string;
  /** Drops it, closing whatever connections are still open. */
  drop(): Promise<void>;
}

/** A new empty database on the TEST_DATABASE_URL server, for tests that open it from several places. */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createThrowawayDatabase(serverUrl, 'basha_test');
}

/**
 * A database of its own on the PostgreSQL server `serverUrl` names (its user may create databases), named
 * `<prefix>_<random>`: for a test file, or for a bench run (scripts/bench).
 */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<PostgresTestDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => dropDatabase(serverUrl, name),
  };
}

/**
 * Ends the role's own sessions in the database, then drops it. Not `drop database … with (force)`: as a role
 * that is not a superuser, that fails with "must be a member of the role whose process is being terminated" while
 * an autovacuum worker happens to be in the database (PostgreSQL 15 counts the worker, which has no role, among the
 * sessions to end). A plain `drop database` stops autovacuum workers itself and waits for the ended sessions to go.
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await runOnServer(
    serverUrl,
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = '${name}' and usename = current_user and pid <> pg_backend_pid()`,
    `drop database if exists ${name}`,
  );
}

async function runOnServer(serverUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}
