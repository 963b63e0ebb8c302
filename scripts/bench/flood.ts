import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../server/config/env';
import { createThrowawayDatabase } from '../../server/test/throwaway-database';
import type { RunningService } from '../services/child-service';
import { startProductServices, stopAll } from '../services/product-services';
import { API, signUpPosters, syncAllPages, type Session } from './api';
import { BUDGETS, budgetSummary, ms, renderTable, type Row } from './report';
import { stackPorts } from './stack';
import { percentile, round } from './stats';

/**
 * Upload floods against a real server process (issue 17, point 6), while /api/v1/health and the rent list (a
 * delta from a current cursor, with a session) are asked every 50 ms and the server's resident memory is read
 * from /proc every 20 ms:
 *   (a) one multipart body of about 20 MB made of 194,000 empty text fields, to the rent photo upload;
 *   (b) six accounts each sending five 165 KB PNGs of 6,320 x 6,320 pixels at once (one per request);
 *   (c) the same six accounts each sending five 12-megapixel JPEG photos at once.
 * A control comes first: as many signed-in requests as in (b) and (c), answered 404 without any upload work, which
 * shows what a burst of 30 requests costs the probes on this machine by itself (session checks, database pool).
 * The server is server/test/server-process.ts of a checkout, on its own ports and data folder, over an Auth
 * emulator and maildev started here; on embedded PGlite, or with DATABASE_URL on a throwaway database of that
 * PostgreSQL server. Embedded PGlite holds some 700 MB of the server process by itself, so the memory budget
 * (600 MB) is judged on PostgreSQL; on PGlite the table shows the growth over the idle server.
 *
 *   npx tsx scripts/bench/flood.ts                     this working tree
 *   npx tsx scripts/bench/flood.ts --before <folder>   a checkout of the code as it was first, then this tree
 *
 * (A checkout for --before: `git worktree add /tmp/basha-before <ref>` and a symlink to this node_modules.)
 * Ports: 8332 for the server, 9349/4479 for the emulator, 1276/1331 for maildev (BENCH_PORT_OFFSET moves them).
 */

const ACCOUNTS = 6;
const UPLOADS_PER_ACCOUNT = 5;
const EMPTY_FIELDS = 194_000;
const BOMB_SIDE_PX = 6320;
const PROBE_INTERVAL_MS = 50;
const RSS_INTERVAL_MS = 20;
const BOUNDARY = '----WebKitFormBoundary7MA4YWxkTrZu0gW3k1';
// A slot of the benchmark's own port range that `npm run bench` leaves free (scripts/bench/stack.ts).
const PORTS = stackPorts(5);
const SERVER_URL = `http://127.0.0.1:${PORTS.app}`;
const MAIL_URL = `http://127.0.0.1:${PORTS.mailWeb}`;

interface ProbeFigures {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: number;
}

interface FloodFigures {
  name: string;
  durationMs: number;
  /** Answers by status (0: no answer, the connection failed). */
  statuses: Record<string, number>;
  health: ProbeFigures;
  rentList: ProbeFigures;
  baselineRssMb: number;
  peakRssMb: number;
}

// ---- the server process ----

// Settings from the surrounding environment that would point the server at something else.
const FOREIGN_SETTINGS =
  /^(S3_|FIREBASE_|GOOGLE_APPLICATION_CREDENTIALS$|SMTP_URL$|MAIL_FROM$|DATABASE_|PUBLIC_URL$|SESSION_SECRET$|DEMO_DATA$|LOG_REQUESTS$|HOST$|PORT$|TRUST_PROXY$)/;

function serverEnv(dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!FOREIGN_SETTINGS.test(key)) env[key] = value;
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORTS.app),
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    FIREBASE_PROJECT_ID: 'demo-basha',
    FIREBASE_AUTH_EMULATOR_PORT: String(PORTS.auth),
    FIREBASE_EMULATOR_HUB_PORT: String(PORTS.hub),
    MAILDEV_SMTP_PORT: String(PORTS.smtp),
    MAILDEV_WEB_PORT: String(PORTS.mailWeb),
    DEMO_DATA: 'off',
    LOG_REQUESTS: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

async function startServerProcess(repoDir: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/server-process.ts'], {
    cwd: repoDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) during start-up:\n${output}`));
    };
    child.once('exit', onExit);
    child.stdout?.on('data', () => {
      if (!output.includes('listening')) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve();
    });
  });
  return child;
}

async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
}

// ---- measuring ----

/** Asks `url` every PROBE_INTERVAL_MS until stopped, timing each answer. */
function probe(url: string, token?: string) {
  const samples: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        failures += 1;
      }
      const took = performance.now() - started;
      samples.push(took);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_INTERVAL_MS - took)));
    }
  })();
  return {
    async stop(): Promise<ProbeFigures> {
      running = false;
      await loop;
      return {
        samples: samples.length,
        p50Ms: round(percentile(samples, 50), 1),
        p99Ms: round(percentile(samples, 99), 1),
        maxMs: round(Math.max(...samples), 1),
        failures,
      };
    },
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024, 0);
}

/** Samples the process's resident memory until stopped; the highest sample. */
function rssSampler(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process is gone: the peak so far stands
    }
  }, RSS_INTERVAL_MS);
  return {
    stop(): number {
      clearInterval(timer);
      return peak;
    },
  };
}

// ---- the floods ----

/** A POST of a fixed body on its own connection; the answer's status, or 0 when none came. */
function post(apiPath: string, body: Buffer, token: string): Promise<number> {
  return new Promise((resolve) => {
    let status = 0;
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORTS.app,
        path: `${API}${apiPath}`,
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(body.length),
        },
      },
      (response) => {
        status = response.statusCode ?? 0;
        response.resume();
        response.on('end', () => resolve(status));
        response.on('error', () => resolve(status));
      },
    );
    // A server that answers before the whole body is sent may close the connection: the answer still counts.
    request.on('error', () => resolve(status));
    request.end(body);
  });
}

function filePart(name: string, type: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="propertyImage"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function emptyFieldsBody(): Buffer {
  const part = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="empty-field-"\r\n\r\n\r\n`);
  return Buffer.concat([...Array.from({ length: EMPTY_FIELDS }, () => part), Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** A 6,320 x 6,320 RGB PNG of about 165 KB: a flat picture with a few thousand speckles (fixed seed). */
async function largeDrawing(): Promise<Buffer> {
  const pixels = Buffer.alloc(BOMB_SIDE_PX * BOMB_SIDE_PX * 3, 200);
  let seed = 17;
  const next = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = 0; i < 4600; i += 1) {
    const at = Math.floor(next() * BOMB_SIDE_PX * BOMB_SIDE_PX) * 3;
    pixels[at] = next() * 255;
    pixels[at + 1] = next() * 255;
    pixels[at + 2] = next() * 255;
  }
  return sharp(pixels, { raw: { width: BOMB_SIDE_PX, height: BOMB_SIDE_PX, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A 4,000 x 3,000 JPEG (12 megapixels, as a phone takes them) with a pattern to encode. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = (x >> 4) & 0xff;
      pixels[at + 1] = (y >> 4) & 0xff;
      pixels[at + 2] = ((x ^ y) >> 3) & 0xff;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

interface FloodFiles {
  emptyFields: Buffer;
  png: Buffer;
  jpeg: Buffer;
}

async function measure(
  pid: number,
  probes: { rentCursor: string; token: string },
  name: string,
  flood: () => Promise<number[]>,
): Promise<FloodFigures> {
  const baselineRssMb = rssMb(pid);
  const rss = rssSampler(pid);
  const health = probe(`${SERVER_URL}${API}/health`);
  const rentList = probe(
    `${SERVER_URL}${API}/rent/rent-posts?since=${encodeURIComponent(probes.rentCursor)}`,
    probes.token,
  );
  // Some quiet samples first, as a phone would see the server just before the flood.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  const answers = await flood();
  const durationMs = round(performance.now() - started, 0);
  // The server may still be busy after the last answer (reading the rest of a refused body, freeing memory).
  await new Promise((resolve) => setTimeout(resolve, 500));
  const statuses: Record<string, number> = {};
  for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    name,
    durationMs,
    statuses,
    health: await health.stop(),
    rentList: await rentList.stop(),
    baselineRssMb,
    peakRssMb: rss.stop(),
  };
}

async function runFloods(pid: number, files: FloodFiles): Promise<FloodFigures[]> {
  // Accounts with a verified e-mail: uploading rent photos needs one.
  const accounts = await signUpPosters(SERVER_URL, MAIL_URL, ACCOUNTS);
  const [first] = accounts as [Session];
  // The cursor after a whole first sync (it comes in pages), so the probe asks for a small delta.
  const probes = { rentCursor: (await syncAllPages(SERVER_URL, first)).cursor, token: first.token };
  const fromEveryAccount = (body: Buffer) =>
    Promise.all(
      accounts.flatMap((account) =>
        Array.from({ length: UPLOADS_PER_ACCOUNT }, () => post('/image/upload-properties', body, account.token)),
      ),
    );
  const pngBody = filePart('drawing.png', 'image/png', files.png);
  const jpegBody = filePart('photo.jpg', 'image/jpeg', files.jpeg);
  const kb = (bytes: number) => `${Math.round(bytes / 1000)} KB`;
  const signedInGet = (account: Session) =>
    fetch(`${SERVER_URL}${API}/user/find-info/${randomBytes(4).toString('hex')}`, {
      headers: { authorization: `Bearer ${account.token}` },
    }).then((response) => response.status);
  return [
    await measure(pid, probes, '(0) control: 30 signed-in GETs at once', () =>
      Promise.all(
        accounts.flatMap((account) => Array.from({ length: UPLOADS_PER_ACCOUNT }, () => signedInGet(account))),
      ),
    ),
    await measure(pid, probes, `(a) 194,000 empty fields, ${(files.emptyFields.length / 1e6).toFixed(1)} MB`, () =>
      Promise.all([post('/image/upload-properties', files.emptyFields, first.token)]),
    ),
    await measure(pid, probes, `(b) 6 x 5 PNG ${BOMB_SIDE_PX}², ${kb(files.png.length)} each`, () =>
      fromEveryAccount(pngBody),
    ),
    await measure(pid, probes, `(c) 6 x 5 JPEG 12 MP, ${kb(files.jpeg.length)} each`, () => fromEveryAccount(jpegBody)),
  ];
}

/** Starts the emulator, maildev and the server of `repoDir` on a fresh data folder, floods it, stops it all. */
async function floodCheckout(repoDir: string, files: FloodFiles): Promise<FloodFigures[]> {
  const dataDir = path.resolve(`.tmp/bench-flood-${PORTS.app}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const database = process.env.DATABASE_URL
    ? await createThrowawayDatabase(process.env.DATABASE_URL, 'basha_bench')
    : undefined;
  const env = serverEnv(dataDir, database?.url);
  let services: RunningService[] = [];
  let server: ChildProcess | undefined;
  try {
    services = await startProductServices(loadConfig(env));
    server = await startServerProcess(repoDir, env);
    if (server.pid === undefined) throw new Error('the server process has no pid');
    return await runFloods(server.pid, files);
  } finally {
    if (server) await stopServerProcess(server);
    await stopAll(services);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One row per flood and figure, beside the budgets of issue 17. */
function floodRows(section: string, floods: readonly FloodFigures[], onPostgres: boolean): Row[] {
  return floods.flatMap((flood) => {
    const answers = Object.entries(flood.statuses)
      .map(([status, count]) => `${count}x ${status === '0' ? 'no answer' : status}`)
      .join(', ');
    const probeRow = (measure: string, figures: ProbeFigures): Row => ({
      section,
      measure: `${flood.name}: ${measure}`,
      figure:
        `p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}, max ${ms(figures.maxMs)}` +
        (figures.failures ? `, ${figures.failures} failed` : ''),
      budget: `p99 < ${BUDGETS.floodProbeP99Ms} ms`,
      pass: figures.p99Ms < BUDGETS.floodProbeP99Ms && figures.failures === 0,
    });
    const memory = `peak ${flood.peakRssMb} MB, idle ${flood.baselineRssMb} MB`;
    return [
      { section, measure: `${flood.name}: answers`, figure: `${answers} in ${ms(flood.durationMs)}` },
      probeRow('/health', flood.health),
      probeRow('rent list', flood.rentList),
      onPostgres
        ? {
            section,
            measure: `${flood.name}: server RSS`,
            figure: memory,
            budget: `< ${BUDGETS.floodPeakRssMb} MB`,
            pass: flood.peakRssMb < BUDGETS.floodPeakRssMb,
          }
        : {
            section,
            measure: `${flood.name}: server RSS (PGlite inside)`,
            figure: `${memory}, growth ${flood.peakRssMb - flood.baselineRssMb} MB`,
          },
    ];
  });
}

async function main() {
  const beforeIndex = process.argv.indexOf('--before');
  const beforeDir = beforeIndex >= 0 ? process.argv[beforeIndex + 1] : undefined;
  if (beforeIndex >= 0 && !beforeDir) throw new Error('usage: tsx scripts/bench/flood.ts [--before <checkout>]');
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const files: FloodFiles = { emptyFields: emptyFieldsBody(), png: await largeDrawing(), jpeg: await phonePhoto() };
  const rows: Row[] = [];
  if (beforeDir) {
    console.log(`Flooding the server of ${beforeDir} ...`);
    rows.push(...floodRows('before', await floodCheckout(path.resolve(beforeDir), files), onPostgres));
  }
  console.log('Flooding the server of this working tree ...');
  rows.push(...floodRows(beforeDir ? 'after' : 'flood', await floodCheckout(process.cwd(), files), onPostgres));
  console.log(`\nDatabase: ${onPostgres ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}\n${renderTable(rows)}`);
  const { failed, failures } = budgetSummary(rows.filter((row) => row.section !== 'before'));
  console.log(failed === 0 ? '\nEvery flood budget passes.' : `\n${failed} flood budgets fail: ${failures.join('; ')}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
