/**
 * The server test files that `npm run test:postgres` runs a second time, on a real PostgreSQL server: those whose
 * outcome can depend on the engine. Every server test file runs on PGlite in `npm run test:unit`; PGlite is
 * PostgreSQL itself, so plain SQL answers the same there. What differs is everything around it: PGlite has one
 * connection that runs one statement at a time (so requests that race never interleave in the database), one
 * process, its own driver and its own change marks (server/db/change-marks.ts). A file belongs here when it
 * asserts something those differences could hide: concurrent requests and atomic counts, locks, idempotency,
 * delta sync and change marks, migrations run on a server, cleanup, several app instances or processes.
 *
 * Not here on purpose: server/security/crash-recovery.test.ts, the process-kill soak. Its server runs on embedded
 * PGlite in a data folder on every run (the crash of an embedded database is its subject), so a second pass would
 * only repeat it: it runs once, in test:unit.
 *
 * scripts/postgres-test-files.test.ts checks that every file named here exists, and that every server test file
 * that looks at TEST_DATABASE_URL (tests that run only on PostgreSQL) is named here.
 */
export const POSTGRES_TEST_FILES: readonly { file: string; reason: string }[] = [
  // Migrations, connections and the test databases themselves.
  {
    file: 'server/db/client.test.ts',
    reason: 'PostgreSQL only: several processes migrating at once, idle connections ended',
  },
  {
    file: 'server/test/test-database.test.ts',
    reason: 'PostgreSQL only: a test database is dropped with sessions open',
  },
  {
    file: 'server/places/backfill.test.ts',
    reason: 'a migration’s SQL matching Bangla and Latin text, under the server’s locale',
  },
  {
    file: 'server/share/phone-migration.test.ts',
    reason: 'a migration’s regular expressions over Bangla digits, under the server’s locale',
  },
  // Several app instances or processes over one database.
  {
    file: 'server/events/event-stream.test.ts',
    reason: 'LISTEN/NOTIFY on a connection of its own per app instance, delivered at commit',
  },
  {
    file: 'server/alerts/alert-delivery.test.ts',
    reason: 'two processes claim the same alert match at once: one update wins, the match is told once',
  },
  {
    file: 'server/jobs/job-queue.test.ts',
    reason: 'the job queue over two connection pools: each job once (SKIP LOCKED), retries, one schedule',
  },
  {
    file: 'server/production/two-processes.test.ts',
    reason: 'PostgreSQL only: two server processes over one database',
  },
  {
    file: 'server/db/change-marks.test.ts',
    reason: 'change marks come from the database on PostgreSQL, from a statement count on PGlite',
  },
  {
    file: 'server/auth/session-cache.test.ts',
    reason: 'a second instance has connections of its own only on PostgreSQL',
  },
  // Delta sync: cursors, microsecond order, commits that land after their timestamp.
  {
    file: 'server/rent/rent-sync.test.ts',
    reason: 'delta sync: timestamps to the microsecond through the pg driver, pages',
  },
  { file: 'server/services/services-sync.test.ts', reason: 'delta sync of services and reviews, pages' },
  { file: 'server/http/etag.test.ts', reason: 'ETags follow change marks, which differ by engine' },
  // Idempotency keys and races between requests (PGlite runs them one after the other).
  {
    file: 'server/http/idempotency.test.ts',
    reason: 'idempotency keys under parallel requests, take-over of an abandoned attempt',
  },
  { file: 'server/rent/routes.test.ts', reason: '20 parallel requests with one Idempotency-Key make one ad' },
  {
    file: 'server/accounts/phone-sign-in.test.ts',
    reason: 'migration 0017: two accounts proving one number at once (a partial unique index), its check',
  },
  { file: 'server/rent/manage.test.ts', reason: 'idempotent edits, the 90-day rule’s update, tombstones in the delta' },
  {
    file: 'server/services/delete-service.test.ts',
    reason: 'edits and reviews racing a delete, tombstones in the delta',
  },
  {
    file: 'server/accounts/create-user.test.ts',
    reason: 'two simultaneous create requests: a unique constraint decides',
  },
  { file: 'server/accounts/otp.test.ts', reason: 'one code when several requests arrive at once; per-address counts' },
  { file: 'server/images/uploads.test.ts', reason: 'two ads racing for one photo: one gets it, no half-made ad' },
  {
    file: 'server/moderation/moderation.test.ts',
    reason: 'one report of two sent at once; hiding leaves tombstones in the delta',
  },
  // Limits: counts that must stay exact under concurrent requests.
  { file: 'server/http/limits.test.ts', reason: 'rate-limit counters (sign-in, OTP) in the database' },
  {
    file: 'server/http/emulator-proxy.test.ts',
    reason: 'at most the limit of wrong passwords from 25 guesses sent side by side',
  },
  { file: 'server/rent/rent-ad-limit.test.ts', reason: 'exactly the daily limit of ads from 50 concurrent posts' },
  {
    file: 'server/rent/listing-change-limit.test.ts',
    reason: 'exactly the daily limit of listing changes from 80 concurrent ones, under the poster’s row lock',
  },
  {
    file: 'server/services/review-limit.test.ts',
    reason: 'exactly the daily limit of reviews from 45 concurrent reviews',
  },
  {
    file: 'server/services/services.test.ts',
    reason: 'exactly the missing number of services under 50 concurrent requests',
  },
  { file: 'server/saved/routes.test.ts', reason: 'parallel saves by one account pass the cap by none' },
  { file: 'server/requests/race.test.ts', reason: '20 parallel accepts and cancels of one request leave one outcome' },
  {
    file: 'server/alerts/routes.test.ts',
    reason: 'exactly the alert limit from 13 concurrent saves, under the user row lock',
  },
  {
    file: 'server/alerts/alert-matching.test.ts',
    reason: 'a listing matched by two calls at once is recorded once per alert',
  },
  // Cleanup.
  { file: 'server/maintenance/cleanup.test.ts', reason: 'deletes by age in the database, twice at once without harm' },
];
