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
  const name = `basha_test_${randomUUID().replaceAll('-', '')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
