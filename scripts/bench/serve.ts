import path from 'node:path';
import { loadConfig } from '../../server/config/env';
import { openDatabase } from '../../server/db/client';
import { startServer } from '../../server/main';
import type { RunningService } from '../services/child-service';
import { startProductServices, stopAll } from '../services/product-services';
import { seedBenchRentPosts } from './seed';

/**
 * The benchmark's own stack, in a child process of `npm run bench` (scripts/bench/stack.ts starts it): the
 * Auth emulator and maildev, then the server once to migrate and create the demo data, then (server closed,
 * since embedded PGlite has one owner) BENCH_RENT_POSTS more rent posts written in bulk, then the server again
 * for the measurements. Prints one `BENCH_READY {...}` line when it answers; SIGINT or SIGTERM stop it all.
 *
 *   tsx scripts/bench/serve.ts <build folder>   (env: PORT, DATA_DIR, ports, DATABASE_URL, BENCH_RENT_POSTS)
 */

const staticDir = process.argv[2];
if (!staticDir) throw new Error('usage: tsx scripts/bench/serve.ts <build folder>');
const postCount = Number(process.env.BENCH_RENT_POSTS ?? 10_000);

const config = loadConfig(process.env);
let services: RunningService[] = [];
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let stopping = false;

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await server?.close().catch((error: unknown) => console.error(error));
  await stopAll(services);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  services = await startProductServices(config);
  server = await startServer(config, { staticDir });
  await server.close();
  server = undefined;

  const seedStarted = performance.now();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolMax: 2 }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  let seeded: number;
  try {
    seeded = await seedBenchRentPosts(database.db, postCount);
  } finally {
    await database.close();
  }
  const seedMs = Math.round(performance.now() - seedStarted);

  server = await startServer(config, { staticDir });
  console.log(`BENCH_READY ${JSON.stringify({ url: server.url, seeded, seedMs })}`);
} catch (error) {
  console.error(
    'The benchmark stack could not start:',
    error instanceof Error ? (error.stack ?? error.message) : error,
  );
  await stop(1);
}
