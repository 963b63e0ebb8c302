import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema } from './schema';

/**
 * Opens the database: embedded PGlite (a folder on disk, or in memory for tests) or a PostgreSQL server.
 * Both speak the same drizzle schema and migrations, so the rest of the server sees one `Database` type.
 */

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** Applies every pending migration from server/db/migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  { kind: 'pglite'; dataDir: string } | { kind: 'memory' } | { kind: 'postgres'; url: string };

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: 10, connectionTimeoutMillis: 10_000 });
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  const client = location.kind === 'memory' ? new PGlite() : new PGlite(location.dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** True when the error (or one it wraps) is a PostgreSQL unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}
