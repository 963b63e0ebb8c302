import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { POSTGRES_TEST_FILES } from './postgres-test-files';

/**
 * `npm run test:postgres`: the server test files where the engine matters (scripts/postgres-test-files.ts, each
 * with its reason) again, on a real PostgreSQL server instead of PGlite; `npm run test:unit` runs every file on
 * PGlite. TEST_DATABASE_URL names a server where the user may create databases (the run migrates a template
 * database there, and each test file gets a copy). .ci/run installs PostgreSQL and sets it; on a machine without
 * one this run is skipped, saying so.
 */
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'test:postgres skipped: set TEST_DATABASE_URL=postgres://user:password@127.0.0.1:5432/postgres to run it.',
  );
  process.exit(0);
}
const files = POSTGRES_TEST_FILES.map((entry) => entry.file);
const missing = files.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`test:postgres: scripts/postgres-test-files.ts names files that do not exist: ${missing.join(', ')}`);
  process.exit(1);
}
const result = spawnSync('npx', ['vitest', 'run', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
