import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/services/auth-emulator';
import { startMaildev } from '../../scripts/services/maildev';
import type { RunningService } from '../../scripts/services/child-service';

/**
 * Starts the real Firebase Auth emulator and maildev once for the whole test run, on free ports (so a running
 * dev stack or a second test run does not collide), and hands the ports to the tests through `inject`.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorPort: number;
    authEmulatorHubPort: number;
    maildevSmtpPort: number;
    maildevWebPort: number;
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
  const stopAll = async () => {
    await Promise.allSettled(services.map((service) => service.stop()));
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const [emulator, maildev] = await Promise.all([
      startAuthEmulator({ projectId: TEST_FIREBASE_PROJECT_ID, port: emulatorPort, hubPort, workDir, persist: false }),
      startMaildev({ smtpPort, webPort, logDir: path.join(workDir, 'logs') }),
    ]);
    services.push(emulator, maildev);
  } catch (error) {
    await stopAll();
    throw error;
  }
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
