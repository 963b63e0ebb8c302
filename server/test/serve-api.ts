import { loadConfig } from '../config/env';
import { startServer } from '../main';

/**
 * The API server alone, configured from the environment, over an Auth emulator and maildev that are already
 * running (the test run's). Tests spawn it as a real child process to crash and restart it
 * (server/security/crash-recovery.test.ts). Prints `listening <url>` once it answers.
 */
const server = await startServer(loadConfig(process.env));
process.stdout.write(`listening ${server.url}\n`);
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
