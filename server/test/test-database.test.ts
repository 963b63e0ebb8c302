import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from './test-database';

const serverUrl = process.env.TEST_DATABASE_URL;

async function databaseExists(url: string, name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const result = await admin.query('select 1 from pg_database where datname = $1', [name]);
    return result.rowCount === 1;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!serverUrl)('a PostgreSQL test database', () => {
  it('is dropped with a session of the test role still open in it, which is ended', async () => {
    const database = await createPostgresTestDatabase();
    const name = new URL(database.url).pathname.slice(1);
    const leftOpen = new pg.Client({ connectionString: database.url });
    const ended = new Promise<Error>((resolve) => leftOpen.on('error', resolve));
    await leftOpen.connect();
    await leftOpen.query('select 1');

    await database.drop();

    expect(await databaseExists(serverUrl!, name)).toBe(false);
    expect((await ended).message).toMatch(/terminat/i);
  });
});
