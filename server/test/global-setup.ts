import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/services/auth-emulator';
import { startMaildev } from '../../scripts/services/maildev';
import type { RunningService } from '../../scripts/services/child-service';
import {
  createMigratedPostgresTemplate,
  writeMigratedPgliteDump,
  type PostgresTestDatabase,
} from './throwaway-database';

/**
 * Once for the whole test run: starts the real Firebase Auth emulator and maildev on free ports (so a running dev
 * stack or a second test run does not collide), and migrates the database every test file gets a copy of (a PGlite
 * dump, and with TEST_DATABASE_URL a template database on that server, dropped at the end). Hands the ports and
 * the databases to the tests through `inject` (server/test/test-database.ts opens each file's copy).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorPort: number;
    authEmulatorHubPort: number;
    maildevSmtpPort: number;
    maildevWebPort: number;
    /** Without TEST_DATABASE_URL: a file holding the `dumpDataDir()` of a migrated PGlite, for each file's copy. */
    migratedPgliteDump: string | undefined;
    /** With TEST_DATABASE_URL: the migrated template database on that server each file's database is made from. */
    migratedPostgresTemplate: string | undefined;
  }
}

export const TEST_FIREBASE_PROJECT_ID = 'demo-basha-test';

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'basha-test-services-'));
  const taken: number[] = [];
  const emulatorPort = await freePort(taken);
  const hubPort = await freePort(taken, { alsoFreeAt: 100 });
  const smtpPort = await freePort(taken);
  const webPort = await freePort(taken);
  const services: RunningService[] = [];
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const pgliteDump = path.join(workDir, 'migrated-pglite.tar');
  let template: PostgresTestDatabase | undefined;
  const stopAll = async () => {
    await Promise.allSettled([...services.map((service) => service.stop()), template?.drop()]);
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    // Each is recorded as soon as it is up, so that a failure of the other still stops it.
    const started = await Promise.allSettled([
      startAuthEmulator({
        projectId: TEST_FIREBASE_PROJECT_ID,
        port: emulatorPort,
        hubPort,
        workDir,
        persist: false,
      }).then((emulator) => services.push(emulator)),
      startMaildev({ smtpPort, webPort, logDir: path.join(workDir, 'logs') }).then((maildev) => services.push(maildev)),
    ]);
    const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    // After the services rather than beside them: migrating PGlite keeps a core busy, and on a loaded machine the
    // services' start-up deadlines are what would give.
    if (postgresUrl) template = await createMigratedPostgresTemplate(postgresUrl);
    else await writeMigratedPgliteDump(pgliteDump);
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide('migratedPgliteDump', postgresUrl ? undefined : pgliteDump);
  project.provide('migratedPostgresTemplate', template && new URL(template.url).pathname.slice(1));
  project.provide('authEmulatorPort', emulatorPort);
  project.provide('authEmulatorHubPort', hubPort);
  project.provide('maildevSmtpPort', smtpPort);
  project.provide('maildevWebPort', webPort);
  return stopAll;
}

/**
 * A free port not yet in `taken` (and recorded there). The emulator also opens a logging port at hub + 100, so
 * for the hub that one must be free as well.
 */
async function freePort(taken: number[], options: { alsoFreeAt?: number } = {}): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (taken.includes(port) || port > 65_000) continue;
    if (options.alsoFreeAt && !(await isFree(port + options.alsoFreeAt))) continue;
    taken.push(port);
    return port;
  }
}

export function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
