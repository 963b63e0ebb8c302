import { spawnSync } from 'node:child_process';

/**
 * `npm run test:postgres`: the server's test suite again, on a real PostgreSQL server instead of PGlite.
 * TEST_DATABASE_URL names a server where the user may create databases (each test file gets its own).
 * .ci/run installs PostgreSQL and sets it; on a machine without one this run is skipped, saying so.
 */
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'test:postgres skipped: set TEST_DATABASE_URL=postgres://user:password@127.0.0.1:5432/postgres to run it.',
  );
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', 'server'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
