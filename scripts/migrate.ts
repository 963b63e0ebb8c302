import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config/env';
import { openDatabase } from '../server/db/client';

/**
 * `npx tsx scripts/migrate.ts`: applies pending migrations to the configured database and exits, for a deploy
 * step that migrates before new server processes start. (Every server also migrates at start, under the same
 * advisory lock, so skipping this step is safe; it only moves a long migration out of the start-up.)
 */
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolMax: 1 }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
);
try {
  await database.migrate();
  console.log(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}.`);
} finally {
  await database.close();
}
