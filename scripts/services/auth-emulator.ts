import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { answersHttp, BROWSER_GUARD_ARGS, startChildService, type RunningService } from './child-service';

/**
 * The Firebase Auth emulator (firebase-tools), standing in for hosted Firebase Auth on one machine.
 * Accounts live in `exportDir`: imported at start, exported on exit and (by the server) after each new
 * account through the hub, so a crash loses none. The export holds passwords in plain text: demo use only.
 */
export interface AuthEmulatorOptions {
  projectId: string;
  port: number;
  hubPort: number;
  /** Folder for the emulator's firebase.json, logs and (when `persist`) its account export. */
  workDir: string;
  persist: boolean;
}

export function authEmulatorExportDir(workDir: string): string {
  return path.join(workDir, 'firebase-auth');
}

export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<RunningService> {
  mkdirSync(options.workDir, { recursive: true });
  const configFile = path.join(options.workDir, 'firebase.json');
  // Loopback only, whatever HOST says: the emulator's admin API ("Bearer owner") answers anyone who reaches it.
  // The app's pages reach it through the server's allow-listing proxy (server/http/emulator-proxy.ts); other
  // sites' pages in this machine's browser are refused by the browser guard (BROWSER_GUARD_ARGS).
  writeFileSync(
    configFile,
    JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port: options.port },
          hub: { host: '127.0.0.1', port: options.hubPort },
          logging: { host: '127.0.0.1', port: options.hubPort + 100 },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );
  const exportDir = authEmulatorExportDir(options.workDir);
  const args = [
    ...BROWSER_GUARD_ARGS,
    firebaseCli(),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    options.projectId,
    '--config',
    configFile,
  ];
  if (options.persist) {
    if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  return startChildService({
    name: 'auth-emulator',
    command: process.execPath,
    args,
    env: { NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? 'true' },
    logDir: path.join(options.workDir, 'logs'),
    ports: [options.port, options.hubPort],
    isReady: () => answersHttp(`http://127.0.0.1:${options.port}/`),
    readyTimeoutMs: 120_000,
    stopSignal: 'SIGINT',
    stopTimeoutMs: 20_000,
  });
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('firebase-tools/package.json')), 'lib', 'bin', 'firebase.js');
}
