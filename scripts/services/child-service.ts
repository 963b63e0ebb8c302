import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A helper process (the Auth emulator, maildev) started for the product and stopped with it.
 * Its output goes to a log file under DATA_DIR/logs so the product's own console stays readable.
 */
export interface RunningService {
  name: string;
  stop(): Promise<void>;
}

/**
 * Node arguments that load scripts/services/browser-guard.js into a helper before its own code runs: its ports then
 * refuse other sites' pages, CORS preflights and foreign Host names (the emulator and maildev grant every origin).
 */
export const BROWSER_GUARD_ARGS: readonly string[] = [
  '--import',
  pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'browser-guard-preload.js')).href,
];

interface ServiceOptions {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  logDir: string;
  /**
   * The loopback ports the service listens on. Each must be free before it starts: `isReady` asks a port, not the
   * child, so a leftover from an earlier start (its parent killed with SIGKILL) would answer for it, and the new
   * child, failing to bind, would quietly hand the product a stranger. A leftover emulator holds another data
   * folder's accounts, and every sign-in then meets "This account does not belong to you".
   */
  ports: readonly number[];
  /** Resolves once the service answers; polled until `readyTimeoutMs`. */
  isReady: () => Promise<boolean>;
  readyTimeoutMs: number;
  /** The signal that lets the service shut down cleanly (the emulator exports its accounts on SIGINT). */
  stopSignal?: NodeJS.Signals;
  stopTimeoutMs?: number;
}

export async function startChildService(options: ServiceOptions): Promise<RunningService> {
  for (const port of options.ports) {
    if (!(await isPortFree(port))) {
      throw new Error(
        `${options.name} cannot start: port ${port} is already in use, perhaps by a Basha left running ` +
          `(\`pkill -f firebase-tools; pkill -f maildev\` stops leftovers), or choose other ports`,
      );
    }
  }
  mkdirSync(options.logDir, { recursive: true });
  const logFile = path.join(options.logDir, `${options.name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(options.command, options.args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });

  let exited = false;
  const exitPromise = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  // Never leave a helper running after the product's process is gone, however it ended.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exitPromise.then(() => process.off('exit', killOnExit));

  const deadline = Date.now() + options.readyTimeoutMs;
  while (!(await options.isReady())) {
    if (exited) throw new Error(`${options.name} exited during start-up; see ${logFile}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not start within ${options.readyTimeoutMs / 1000} s; see ${logFile}`);
    }
    await delay(250);
  }

  return {
    name: options.name,
    stop: () =>
      stopChild(
        child,
        exitPromise,
        () => exited,
        options.stopSignal ?? 'SIGTERM',
        options.stopTimeoutMs ?? 10_000,
      ).finally(() => log.end()),
  };
}

async function stopChild(
  child: ChildProcess,
  exitPromise: Promise<void>,
  hasExited: () => boolean,
  signal: NodeJS.Signals,
  timeoutMs: number,
): Promise<void> {
  if (hasExited()) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exitPromise;
  clearTimeout(timer);
}

/** True when nothing listens on the loopback port: binding it for a moment works. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** True when an HTTP GET on the URL gets any answer at all. */
export async function answersHttp(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
