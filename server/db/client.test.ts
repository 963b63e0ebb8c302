import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../test/test-database';
import { MIGRATIONS_DIR, openDatabase, type DatabaseHandle } from './client';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PROCESSES = 4;

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

describe.skipIf(!onPostgres)('an idle PostgreSQL connection that the server ends', () => {
  it('is let go without ending the process, and the next query opens a new one', async () => {
    const database = await createPostgresTestDatabase();
    const handle = await openDatabase({ kind: 'postgres', url: database.url, poolMax: 2 });
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onCrash);
    try {
      const backendPid = async () =>
        ((await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
          .rows[0]?.pid;
      const first = await backendPid();
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [first]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(crashes).toEqual([]);
      const again = await backendPid();
      expect(again).toBeDefined();
      expect(again).not.toBe(first);
    } finally {
      process.off('uncaughtException', onCrash);
      await handle.close();
      await database.drop();
    }
  });
});

describe.skipIf(!onPostgres)('migrating one PostgreSQL database from several processes at once', () => {
  let database: PostgresTestDatabase | undefined;
  const handles: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.allSettled(handles.splice(0).map((handle) => handle.close()));
    await database?.drop();
  });

  it(`lets ${PROCESSES} servers starting together all succeed, applying each migration once`, async () => {
    database = await createPostgresTestDatabase();
    const url = database.url;
    // One pool each, as separate processes would have: their sessions only meet in the database.
    for (let i = 0; i < PROCESSES; i += 1) handles.push(await openDatabase({ kind: 'postgres', url, poolMax: 2 }));

    const results = await Promise.allSettled(handles.map((handle) => handle.migrate()));

    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query('select count(*)::int as count from drizzle.__drizzle_migrations');
      expect(applied.rows).toEqual([{ count: journal.entries.length }]);
      const tables = await client.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      );
      const names = tables.rows.map((row) => row.table_name);
      expect(names).toContain('users');
      expect(new Set(names).size).toBe(names.length);
      // Nobody still holds the lock: a later start must not wait.
      const locks = await client.query(
        "select count(*)::int as count from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and d.datname = current_database()",
      );
      expect(locks.rows).toEqual([{ count: 0 }]);
    } finally {
      await client.end();
    }
  });
});
