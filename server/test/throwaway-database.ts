import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase } from '../db/client';

/**
 * Databases made for a test run or a bench run, outside any test file (so without vitest's runtime, which exists
 * only in test files): global-setup's migrated originals, and throwaway PostgreSQL databases.
 */

/** For global-setup: migrates a new in-memory PGlite and writes its data folder to `file`. */
export async function writeMigratedPgliteDump(file: string): Promise<void> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
    // Uncompressed: each file loads it, and unpacking is quicker than gunzipping on a busy machine.
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/**
 * For global-setup: a migrated database on the `serverUrl` server for the test files' databases to be copied
 * from. Nobody may connect to it afterwards: PostgreSQL copies a template only while no session is in it (an
 * autovacuum worker included), and test files make their copies at the same time.
 */
export async function createMigratedPostgresTemplate(serverUrl: string): Promise<PostgresTestDatabase> {
  const template = await createThrowawayDatabase(serverUrl, 'basha_template');
  try {
    const handle = await openDatabase({ kind: 'postgres', url: template.url, poolMax: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await runOnServer(serverUrl, `alter database ${databaseName(template.url)} with allow_connections false`);
  } catch (error) {
    await template.drop();
    throw error;
  }
  return template;
}

export interface PostgresTestDatabase {
  /** Connection URL of the new database. */
  url: string;
  /** Drops it, closing whatever connections are still open. */
  drop(): Promise<void>;
}

/**
 * A database of its own on the PostgreSQL server `serverUrl` names (its user may create databases), named
 * `<prefix>_<random>`: for a test file, or for a bench run (scripts/bench). Empty, or a copy of `template`.
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<PostgresTestDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await runOnServer(serverUrl, `create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => dropDatabase(serverUrl, name),
  };
}

function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
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
