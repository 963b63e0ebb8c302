import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startChildService, type RunningService } from '../../scripts/services/child-service';
import type { ApiEnvelope } from '../../src/domain/user';
import { anyFreePort, TEST_FIREBASE_PROJECT_ID } from '../test/global-setup';
import { readEventStream } from '../test/event-stream-reader';
import { startLocalS3, type LocalS3 } from '../test/local-s3';
import { RENT_AD_INPUT } from '../test/rows';
import { rentPosts, schema } from '../db/schema';
// The servers are child processes: they verify tokens against the real Auth emulator, so accounts are made there.
import { emulatorSignUp } from '../test/emulator-auth';
import { newUserPayload } from '../test/test-app';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../test/test-database';

/**
 * Production's shape on one machine: two real server processes on different ports over one PostgreSQL
 * database and one bucket, as behind a load balancer. Whatever one process learns (a session, an
 * Idempotency-Key, a rate-limit count, a photo) the other must know, because neither keeps state of its own.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.log(
    'two-processes.test.ts skipped: it needs a PostgreSQL server in TEST_DATABASE_URL (npm run test:postgres).',
  );
}

const SERVER_PROCESS = fileURLToPath(new URL('../test/server-process.ts', import.meta.url));
const START_TIMEOUT_MS = 90_000;
// Refused sign-in attempts per client address and 10-minute window (server/http/limits.ts); both processes see
// the test's requests come from 127.0.0.1.
const REFUSED_SIGN_IN_LIMIT = 30;
const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;

interface Answer<T = unknown> {
  status: number;
  body: ApiEnvelope<T>;
}

interface ServerProcess {
  url: string;
  service: RunningService;
}

describe.skipIf(!onPostgres)('two server processes over one PostgreSQL database', () => {
  let database: PostgresTestDatabase;
  let s3: LocalS3;
  let workDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let sql: pg.Client;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'basha-two-processes-'));
    [database, s3] = await Promise.all([createPostgresTestDatabase(), startLocalS3()]);
    const shared = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      // Sessions are keyed by this secret: every process of one deployment shares it.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      FIREBASE_PROJECT_ID: TEST_FIREBASE_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_PORT: String(inject('authEmulatorPort')),
      FIREBASE_EMULATOR_HUB_PORT: String(inject('authEmulatorHubPort')),
      SMTP_URL: `smtp://127.0.0.1:${inject('maildevSmtpPort')}`,
      DEMO_DATA: 'off',
      LOG_REQUESTS: 'off',
      ...s3.env,
    };
    // Both start at once, so they also race to migrate the empty database.
    [a, b] = await Promise.all([startServerProcess('a', shared), startServerProcess('b', shared)]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 2 * START_TIMEOUT_MS);

  afterAll(async () => {
    await sql?.end();
    await Promise.allSettled([a?.service.stop(), b?.service.stop()]);
    await Promise.allSettled([database?.drop(), s3?.stop()]);
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
    const port = await anyFreePort();
    const url = `http://127.0.0.1:${port}`;
    const service = await startChildService({
      name: `server-${name}`,
      command: process.execPath,
      args: ['--import', 'tsx', SERVER_PROCESS],
      env: { ...env, PORT: String(port), DATA_DIR: path.join(workDir, name) },
      logDir: path.join(workDir, 'logs'),
      ports: [port],
      isReady: () =>
        fetch(`${url}/api/v1/health`).then(
          (response) => response.ok,
          () => false,
        ),
      readyTimeoutMs: START_TIMEOUT_MS,
    });
    return { url, service };
  }

  async function call<T = unknown>(
    server: ServerProcess,
    method: string,
    apiPath: string,
    options: { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers = new Headers(options.headers);
    if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    let body = options.body;
    if (options.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${server.url}/api/v1${apiPath}`, { method, headers, body });
    return { status: response.status, body: (await response.json()) as ApiEnvelope<T> };
  }

  it('both answer their health check over the one database', async () => {
    for (const server of [a, b]) {
      expect(await call(server, 'GET', '/health')).toMatchObject({ status: 200, body: { data: { database: 'up' } } });
    }
    // They migrated the empty database together: each migration is applied once.
    const { rows } = await sql.query<{ applied: number; distinct: number }>(
      'select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    expect(rows[0]?.applied).toBeGreaterThan(0);
    expect(rows[0]?.applied).toBe(rows[0]?.distinct);
  });

  it('accepts on one process a session made on the other, and a sign-out on either ends it on both', async () => {
    const account = await emulatorSignUp();
    const created = await call<{ _id: string }>(a, 'POST', '/user/create-new', {
      token: account.idToken,
      json: newUserPayload(account.email),
    });
    expect(created.status).toBe(201);
    const id = created.body.data?._id ?? '';
    const session = await call<string>(a, 'POST', `/user/sign-in-token/${id}`, { token: account.idToken });
    expect(session.status).toBe(200);
    const token = session.body.data ?? '';

    const onB = await call<{ email: string }>(b, 'GET', `/user/find-info/${id}`, { token });
    expect(onB.status).toBe(200);
    expect(onB.body.data?.email).toBe(account.email);

    expect((await call(b, 'POST', '/user/sign-out', { token })).status).toBe(200);
    expect((await call(a, 'GET', `/user/find-info/${id}`, { token })).status).toBe(401);
  });

  it('makes one row for an Idempotency-Key repeated across the two, one after the other or at once', async () => {
    const feedback = (label: string) => ({
      name: 'Farhana Akter',
      email: `two-processes-${label}@example.com`,
      contact: '+880 1711-000000',
      subject: 'Two servers',
      message: 'The same message, sent through two server processes.',
    });
    const rowsFor = async (label: string) =>
      (await sql.query('select id from landing_feedback where email = $1', [feedback(label).email])).rows;

    const key = randomUUID();
    const first = await call<{ _id: string }>(a, 'POST', '/feedback', {
      json: feedback('sequential'),
      headers: { 'Idempotency-Key': key },
    });
    const repeat = await call<{ _id: string }>(b, 'POST', '/feedback', {
      json: feedback('sequential'),
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status).toBe(201);
    expect(repeat).toEqual(first);
    expect(await rowsFor('sequential')).toHaveLength(1);

    const together = randomUUID();
    const answers = await Promise.all(
      [a, b].map((server) =>
        call(server, 'POST', '/feedback', { json: feedback('together'), headers: { 'Idempotency-Key': together } }),
      ),
    );
    // The one that lost the race is told the first is still running (409) or gets its answer replayed.
    expect(answers.map((answer) => answer.status).sort()).toSatisfy(
      (statuses: number[]) => statuses.includes(201) && statuses.every((status) => status === 201 || status === 409),
    );
    expect(await rowsFor('together')).toHaveLength(1);
  });

  it('counts a rate limit over the requests to both processes', async () => {
    // Stay clear of a window boundary, where the count would start again mid-test.
    const untilNextWindow = SIGN_IN_WINDOW_MS - (Date.now() % SIGN_IN_WINDOW_MS);
    if (untilNextWindow < 15_000) await new Promise((resolve) => setTimeout(resolve, untilNextWindow + 500));

    const account = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < REFUSED_SIGN_IN_LIMIT + 2; i += 1) {
      // Without a Firebase token each attempt is refused (401) and counted against the address.
      statuses.push((await call(i % 2 === 0 ? a : b, 'POST', `/user/sign-in-token/${account}`)).status);
    }
    expect(statuses.slice(0, REFUSED_SIGN_IN_LIMIT)).toEqual(Array(REFUSED_SIGN_IN_LIMIT).fill(401));
    expect(statuses.slice(REFUSED_SIGN_IN_LIMIT)).toEqual([429, 429]);
  }, 60_000);

  it('serves a photo uploaded through one process from the other', async () => {
    const account = await emulatorSignUp();
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a9d8f' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    const uploaded = await call<{ url: string }>(a, 'POST', '/image/upload-profile', {
      token: account.idToken,
      body: form,
    });
    expect(uploaded.status).toBe(201);

    const served = await fetch(`${b.url}${uploaded.body.data?.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('carries a message posted to one process to an event stream open on the other, within 2 seconds', async () => {
    const signedUp = async () => {
      const account = await emulatorSignUp();
      const created = await call<{ _id: string }>(a, 'POST', '/user/create-new', {
        token: account.idToken,
        json: newUserPayload(account.email),
      });
      const id = created.body.data?._id ?? '';
      const session = await call<string>(a, 'POST', `/user/sign-in-token/${id}`, { token: account.idToken });
      return { id, token: session.body.data ?? '' };
    };
    const [owner, starter] = await Promise.all([signedUp(), signedUp()]);
    // Starting a conversation needs a proven address, as posting does; the mail's code is not this test's subject.
    await sql.query('update users set is_verified = true where id = any($1)', [[owner.id, starter.id]]);
    const [ad] = await drizzle({ client: sql, schema })
      .insert(rentPosts)
      .values({ ...RENT_AD_INPUT, userId: owner.id, propertyType: 'Family Room', photos: [] })
      .returning({ id: rentPosts.id });
    const started = await call<{ _id: string }>(a, 'POST', '/conversations', {
      token: starter.token,
      json: { listingKind: 'rent', listingId: ad?.id },
    });
    expect(started.status).toBe(201);
    const conversationId = started.body.data?._id ?? '';

    const stream = readEventStream(
      await fetch(`${b.url}/api/v1/events`, { headers: { authorization: `Bearer ${owner.token}` } }),
    );
    try {
      const sent = await call<{ _id: string }>(a, 'POST', `/conversations/${conversationId}/messages`, {
        token: starter.token,
        json: { clientId: randomUUID(), text: 'Is the flat still free? Call me on 01711-123456.' },
      });
      expect(sent.status).toBe(201);
      const [heard] = await stream.next(1, 2000);
      expect(heard?.event).toEqual({
        type: 'message',
        conversationId,
        message: expect.objectContaining({ _id: sent.body.data?._id, mine: false, masked: true }),
      });
      // As the owner may read it: the number is hidden until the starter shares it.
      expect(JSON.stringify(heard?.event)).not.toContain('01711');
    } finally {
      await stream.close();
    }
  });
});
