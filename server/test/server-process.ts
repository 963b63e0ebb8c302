import { loadConfig } from '../config/env';
import { startServer } from '../main';

/**
 * One Basha server process configured only by its environment, as each process behind a load balancer runs,
 * without the helper services `npm start` adds (tests give it the emulator and maildev they already run).
 * Started as a child process by server/production/two-processes.test.ts; SIGTERM stops it cleanly.
 */
const server = await startServer(loadConfig());
console.log(`Basha server process ${process.pid} listening at ${server.url}`);

const stop = async () => {
  await server.close().catch((error: unknown) => console.error(error));
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
