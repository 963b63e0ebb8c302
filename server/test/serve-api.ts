import { loadConfig } from '../config/env';
import { startServer } from '../main';

/**
 * The API server alone, configured from the environment, over an Auth emulator and maildev that are already
 * running (the test run's). Tests spawn it as a real child process to crash and restart it
 * (server/security/crash-recovery.test.ts). Prints `listening <url>` once it answers.
 *
 * TEST_CLOCK_AHEAD_MS starts it with its clock that far ahead of the machine's: a server restarted "a minute
 * later" without the test waiting that minute. Only this test entry reads it; `startServer` takes a clock.
 */
const aheadMs = Number(process.env.TEST_CLOCK_AHEAD_MS ?? 0);
const server = await startServer(loadConfig(process.env), {
  clock: { now: () => new Date(Date.now() + aheadMs) },
});
process.stdout.write(`listening ${server.url}\n`);
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
