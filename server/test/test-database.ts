import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createThrowawayDatabase, type PostgresTestDatabase } from './throwaway-database';

export { createThrowawayDatabase, type PostgresTestDatabase } from './throwaway-database';

/**
 * The test files' databases. Making a database and running every migration costs far more than the tests of most
 * files (a new PGlite runs initdb), so global-setup migrates one database once per run and each test file gets a
 * copy of its own: files stay isolated from each other, and start where a migrated server starts. The tests of
 * migrations themselves take an empty database (`createPostgresTestDatabase`, or `openDatabase({ kind: 'memory' })`).
 */

/** On PostgreSQL with its URL, so that a second app instance can open connections of its own. */
export type TestDatabaseHandle = DatabaseHandle & { url?: string };

/**
 * The migrated database of one test file: in-memory PGlite loaded from the run's migrated dump, or, when
 * TEST_DATABASE_URL names a PostgreSQL server (`npm run test:postgres`), a database made there from the run's
 * migrated template and dropped afterwards, so the same tests prove both engines. `migrate()` finds nothing to do.
 */
export async function openTestDatabase(): Promise<TestDatabaseHandle> {
  if (!process.env.TEST_DATABASE_URL) {
    const dumpFile = inject('migratedPgliteDump');
    if (!dumpFile) throw new Error('global-setup made no migrated PGlite although TEST_DATABASE_URL is not set');
    const dump = await readFile(dumpFile);
    return openDatabase({ kind: 'memory', loadDataDir: new Blob([dump]) });
  }
  const template = inject('migratedPostgresTemplate');
  if (!template) throw new Error('global-setup made no template database although TEST_DATABASE_URL is set');
  const database = await createThrowawayDatabase(process.env.TEST_DATABASE_URL, 'basha_test', { template });
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

/** A new empty database on the TEST_DATABASE_URL server, for tests that migrate it or open it from several places. */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createThrowawayDatabase(serverUrl, 'basha_test');
}
