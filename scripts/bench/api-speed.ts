import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { API, getJson, syncAllPages, type Session } from './api';
import { CONNECTIONS, DURATION_S } from './api-load';
import type { RunningStack } from './stack';
import { stackPorts } from './stack';
import { round } from './stats';
import type { RentPost } from '../../src/domain/rent-post';
import type { SyncDelta } from '../../src/domain/sync-cursor';

/**
 * The server-speed rows (issue 23): the two answers a phone asks for most, an empty delta ("anything new since
 * my cursor?") and a rent detail, measured with autocannon at CONNECTIONS connections as a share of a bare Hono
 * server answering a small JSON object in the same run (scripts/bench/bare-hono.ts, in its own process like the
 * stack's server). On PostgreSQL also with a second server process over the same database, the connections
 * split between the two, as behind a load balancer.
 */

/** The bare Hono server and the second server process: slots of the benchmark's port range left free. */
const BARE_PORT = stackPorts(6).app;
const SECOND_SERVER_PORT = stackPorts(7).app;

export interface SpeedFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  /**
   * How busy the machine's cores were during the run (0 to 1; Linux only), load generator and database included:
   * near 1, a second server process has no core to run on, and cannot show how the server scales.
   */
  machineBusy?: number;
}

export interface SpeedResult {
  bare: SpeedFigures;
  emptyDelta: SpeedFigures;
  rentDetail: SpeedFigures;
  /** PostgreSQL only: the same two over two server processes. */
  twoProcesses?: { emptyDelta: SpeedFigures; rentDetail: SpeedFigures };
}

/** The machine's CPU time so far, busy and in all (Linux's /proc/stat, in clock ticks); undefined elsewhere. */
function cpuTicks(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, tick) => sum + tick, 0);
    // user nice system idle iowait irq softirq steal ...: idle and iowait are the idle time.
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return Number.isFinite(total) && total > 0 ? { busy: total - idle, total } : undefined;
  } catch {
    return undefined;
  }
}

async function load(urls: string[], headers: Record<string, string>): Promise<SpeedFigures> {
  // The connections are shared out between the servers; one autocannon per server, all at once.
  const share = Math.max(1, Math.floor(CONNECTIONS / urls.length));
  const before = cpuTicks();
  const results = await Promise.all(
    urls.map((url) => autocannon({ url, connections: share, duration: DURATION_S, headers })),
  );
  const after = cpuTicks();
  const machineBusy =
    before && after && after.total > before.total
      ? round((after.busy - before.busy) / (after.total - before.total), 2)
      : undefined;
  return {
    ...(machineBusy === undefined ? {} : { machineBusy }),
    requestsPerSecond: round(
      results.reduce((sum, result) => sum + result.requests.average, 0),
      1,
    ),
    latencyP50Ms: round(Math.max(...results.map((result) => result.latency.p50)), 1),
    // The worse of the two: a request's latency does not improve because another server was quicker.
    latencyP99Ms: round(Math.max(...results.map((result) => result.latency.p99)), 1),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

/** A child process that prints `readyLine` once it answers; stopped with SIGTERM. */
async function startProcess(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyLine: RegExp,
  logDir: string,
): Promise<() => Promise<void>> {
  const log = createWriteStream(path.join(logDir, `${name}.log`));
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(kill, 10_000);
      await exited;
      clearTimeout(forced);
    }
    log.end();
  };
  await new Promise<void>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      buffered += chunk.toString();
      if (readyLine.test(buffered)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${name} exited during start-up (see ${logDir}/${name}.log)`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return stop;
}

async function emptyDeltaCursor(baseUrl: string, session: Session, since: string): Promise<string> {
  const deadline = Date.now() + 90_000;
  for (let cursor = since; ;) {
    const page = await getJson<{ data: SyncDelta<RentPost> }>(
      `${baseUrl}${API}/rent/rent-posts?since=${encodeURIComponent(cursor)}`,
      session.token,
    );
    if (page.data.changed.length + page.data.deleted.length === 0 && !page.data.more) return page.data.cursor;
    if (Date.now() > deadline) throw new Error('the rent posts keep changing: no empty delta within 90 s');
    cursor = page.data.cursor;
    if (!page.data.more) await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

/**
 * The bare server, then the empty delta and the rent detail on the stack (and, with `twoProcesses`, again with a
 * second server process of the stack's own configuration on the same database).
 */
export async function runApiSpeed(
  stack: RunningStack,
  session: Session,
  options: { twoProcesses: boolean },
  onProgress: (line: string) => void = () => undefined,
): Promise<SpeedResult> {
  const headers = { authorization: `Bearer ${session.token}`, 'accept-encoding': 'gzip, deflate, br' };
  const first = await syncAllPages(stack.directUrl, session);
  const detailId = first.changed[Math.floor(first.changed.length / 2)]?._id;
  if (!detailId) throw new Error('no rent post to show in detail');
  // A cursor with nothing after it: the delta a phone asks for over and over when nothing has changed. A delta
  // reaches back a minute before its cursor (src/domain/sync-cursor.ts), so a recent write keeps it from being
  // empty for up to that long.
  const cursor = await emptyDeltaCursor(stack.directUrl, session, first.cursor);
  const deltaPath = `${API}/rent/rent-posts?since=${cursor}`;
  const detailPath = `${API}/rent/view-details/${detailId}`;

  onProgress(`  bare Hono: ${CONNECTIONS} connections, ${DURATION_S} s ...`);
  const stopBare = await startProcess(
    'bare-hono',
    ['scripts/bench/bare-hono.ts'],
    { ...process.env, PORT: String(BARE_PORT) },
    /BARE_HONO_READY/,
    stack.dataDir,
  );
  let bare: SpeedFigures;
  try {
    bare = await load([`http://127.0.0.1:${BARE_PORT}/`], {});
  } finally {
    await stopBare();
  }
  onProgress(`  empty delta and rent detail, one server process ...`);
  const emptyDelta = await load([`${stack.directUrl}${deltaPath}`], headers);
  const rentDetail = await load([`${stack.directUrl}${detailPath}`], headers);
  const result: SpeedResult = { bare, emptyDelta, rentDetail };
  if (!options.twoProcesses) return result;

  onProgress(`  empty delta and rent detail, two server processes ...`);
  const stopSecond = await startProcess(
    'second-server',
    ['server/test/server-process.ts'],
    { ...stack.env, PORT: String(SECOND_SERVER_PORT), HOST: '127.0.0.1', DEMO_DATA: 'off' },
    /listening at/,
    stack.dataDir,
  );
  try {
    const servers = [stack.directUrl, `http://127.0.0.1:${SECOND_SERVER_PORT}`];
    result.twoProcesses = {
      emptyDelta: await load(
        servers.map((url) => `${url}${deltaPath}`),
        headers,
      ),
      rentDetail: await load(
        servers.map((url) => `${url}${detailPath}`),
        headers,
      ),
    };
  } finally {
    await stopSecond();
  }
  return result;
}
