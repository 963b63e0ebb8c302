import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * The benchmark's throwaway stacks: each is scripts/bench/serve.ts in its own process group, on its own ports
 * and data folder under .tmp/, apart from `npm start` (8080...) and the end-to-end stack (8181...).
 * BENCH_PORT_OFFSET moves every port. The PostgreSQL stack gets a database of its own on the server
 * DATABASE_URL names, created here and dropped afterwards.
 */

const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);

export interface StackPorts {
  app: number;
  auth: number;
  hub: number;
  smtp: number;
  mailWeb: number;
}

/** Base ports: 8282 (app and API), 9299 (Auth emulator), 4429 (emulator hub), 1226/1281 (maildev). */
export function stackPorts(slot: number): StackPorts {
  const shift = offset + slot * 10;
  return { app: 8282 + shift, auth: 9299 + shift, hub: 4429 + shift, smtp: 1226 + shift, mailWeb: 1281 + shift };
}

export interface RunningStack {
  /** http://localhost:<port>: what a browser and fetch use. */
  url: string;
  /** http://127.0.0.1:<port>: for load generators (no name lookup). */
  directUrl: string;
  dataDir: string;
  uploadsDir: string;
  /** http://127.0.0.1:<port> of the stack's maildev inbox (REST: `GET /email`), for e-mailed codes. */
  mailUrl: string;
  /** The environment the stack's server runs with (another server process on the same data starts with it). */
  env: NodeJS.ProcessEnv;
  seeded: number;
  seedMs: number;
  startMs: number;
  stop(): Promise<void>;
}

// Settings from the surrounding environment that would point the stack at something else.
const FOREIGN_SETTINGS =
  /^(S3_|FIREBASE_|GOOGLE_APPLICATION_CREDENTIALS$|SMTP_URL$|MAIL_FROM$|DATABASE_|PUBLIC_URL$|SESSION_SECRET$|OTP_TTL|DEMO_DATA$|LOG_REQUESTS$|HOST$|PORT$)/;

const running = new Set<() => Promise<void>>();

/** Stops every stack still running (for the end of the run, or an interrupted one). */
export async function stopAllStacks(): Promise<void> {
  await Promise.allSettled([...running].map((stop) => stop()));
}

export async function startStack(options: {
  name: string;
  slot: number;
  distDir: string;
  rentPosts: number;
  databaseUrl?: string;
  readyTimeoutMs?: number;
}): Promise<RunningStack> {
  const ports = stackPorts(options.slot);
  const dataDir = path.resolve(`.tmp/bench-data-${options.name}-${offset}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!FOREIGN_SETTINGS.test(key)) env[key] = value;
  Object.assign(env, {
    PORT: String(ports.app),
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_PORT: String(ports.auth),
    FIREBASE_EMULATOR_HUB_PORT: String(ports.hub),
    MAILDEV_SMTP_PORT: String(ports.smtp),
    MAILDEV_WEB_PORT: String(ports.mailWeb),
    LOG_REQUESTS: 'off',
    DEMO_DATA: 'on',
    BENCH_RENT_POSTS: String(options.rentPosts),
  });
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const logFile = path.join(dataDir, 'bench-stack.log');
  const log = createWriteStream(logFile);
  const started = performance.now();
  // Its own process group, so that a stack which does not stop in time goes down with its helpers.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/serve.ts', options.distDir], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitedNow = false;
  // However this process ends, the stack's process group goes with it.
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killGroup);
  void exited.then(() => {
    exitedNow = true;
    process.off('exit', killGroup);
  });

  const stop = async () => {
    running.delete(stop);
    await stopChild(child, exited, () => exitedNow);
    log.end();
  };
  running.add(stop);

  const ready = await new Promise<{ seeded: number; seedMs: number }>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(
      () => reject(new Error(`stack ${options.name} not ready within ${(options.readyTimeoutMs ?? 240_000) / 1000} s`)),
      options.readyTimeoutMs ?? 240_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      buffered += chunk.toString();
      const match = /BENCH_READY (\{.*\})/.exec(buffered);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(JSON.parse(match[1]) as { seeded: number; seedMs: number });
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`stack ${options.name} exited during start-up:\n${tail(logFile)}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return {
    url: `http://localhost:${ports.app}`,
    directUrl: `http://127.0.0.1:${ports.app}`,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    mailUrl: `http://127.0.0.1:${ports.mailWeb}`,
    env,
    seeded: ready.seeded,
    seedMs: ready.seedMs,
    startMs: Math.round(performance.now() - started),
    stop,
  };
}

async function stopChild(child: ChildProcess, exited: Promise<void>, hasExited: () => boolean) {
  if (hasExited() || child.pid === undefined) return;
  child.kill('SIGINT');
  const forced = setTimeout(() => {
    // The whole group: serve.ts and the Auth emulator and maildev it started.
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  }, 30_000);
  await exited;
  clearTimeout(forced);
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
