import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, signIn, type TestContext } from '../test/test-app';
import { HttpError } from './errors';
import {
  INVALID_MULTIPART_MESSAGE,
  readUploadForm,
  TEXT_FIELD_MESSAGE,
  TOO_MANY_PARTS_MESSAGE,
  type UploadFormRules,
} from './multipart';

/**
 * The streaming multipart reader (issue 17, point 6) and the connection after an early refusal (point 11): each
 * breach is refused after reading no more than it took to see it, and a refused upload never cuts the client's
 * next request on a kept-alive connection.
 */

const MB = 1024 * 1024;
const BOUNDARY = 'basha-test-boundary';

const rules: UploadFormRules = {
  field: 'photo',
  maxFiles: 2,
  maxFileBytes: 1000,
  maxBodyBytes: 64 * 1024,
  maxParts: 2,
  maxFields: 0,
  tooLargeMessage: () => 'Each photo must be under 1000 bytes.',
  tooManyFiles: () => new HttpError(400, 'Two photos at most, please.'),
};

const filePart = (field: string, content: string | Buffer, name = 'a.jpg') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
const textPart = (field: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`);
/** An empty text field, about a hundred bytes with a browser's boundary: the flood of the issue. */
const EMPTY_FIELD = textPart('f', '');
/** A part that busboy skips (not form-data), which only the parts limit counts. */
const SKIPPED_PART = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: attachment\r\n\r\nx\r\n`);
const CLOSING = Buffer.from(`--${BOUNDARY}--\r\n`);

/**
 * A request whose body is handed out in small chunks, counting what the reader pulled: a reader that stops at a
 * breach pulls little of a large body. No Content-Length, as a chunked upload sends it.
 */
function countedRequest(body: Buffer, headers: Record<string, string> = {}, chunkBytes = 4096) {
  const pulled = { bytes: 0 };
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= body.length) return controller.close();
        const chunk = body.subarray(offset, offset + chunkBytes);
        offset += chunk.length;
        pulled.bytes += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    },
    // Nothing is pulled before the reader asks.
    { highWaterMark: 0 },
  );
  const request = new Request('http://basha.test/upload', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled };
}

async function refusal(body: Buffer, formRules = rules) {
  const { request, pulled } = countedRequest(body);
  const error = await readUploadForm(request, formRules).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { error: error as HttpError, pulled: pulled.bytes };
}

describe('readUploadForm', () => {
  it('answers the files of the field in order, with their bytes', async () => {
    const { request } = countedRequest(
      Buffer.concat([filePart('photo', 'first'), filePart('photo', 'second', 'b.png'), CLOSING]),
    );
    const form = await readUploadForm(request, rules);
    expect(form.files.map((file) => [file.filename, file.bytes.toString()])).toEqual([
      ['a.jpg', 'first'],
      ['b.png', 'second'],
    ]);
    expect(form.fields).toEqual([]);
  });

  it('stops at the first of 194,000 empty fields, having read 4 kB of 15 MB', async () => {
    const flood = Buffer.concat([...Array.from({ length: 194_000 }, () => EMPTY_FIELD), CLOSING]);
    const before = process.memoryUsage().rss;
    const { error, pulled } = await refusal(flood, { ...rules, maxBodyBytes: 32 * MB });
    expect([error.status, error.message]).toEqual([400, TEXT_FIELD_MESSAGE()]);
    expect(error.headers).toMatchObject({ Connection: 'close' });
    expect(pulled).toBe(4096);
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * MB);
  });

  it('counts parts that carry nothing, and stops at the first past the limit', async () => {
    const { error, pulled } = await refusal(
      Buffer.concat([...Array.from({ length: 100_000 }, () => SKIPPED_PART), CLOSING]),
      { ...rules, maxBodyBytes: 32 * MB },
    );
    expect([error.status, error.message]).toEqual([400, TOO_MANY_PARTS_MESSAGE()]);
    expect(pulled).toBe(4096);
  });

  it('refuses parts without headers as broken framing, at once', async () => {
    const headless = Buffer.from(`--${BOUNDARY}\r\n\r\n\r\n`.repeat(100_000));
    const { error, pulled } = await refusal(headless, { ...rules, maxBodyBytes: 32 * MB });
    expect([error.status, error.message]).toEqual([400, INVALID_MULTIPART_MESSAGE()]);
    expect(pulled).toBe(4096);
  });

  it('refuses one file too many with the form’s own answer, before reading it', async () => {
    const big = Buffer.alloc(900, 1);
    const { error, pulled } = await refusal(
      Buffer.concat([
        filePart('photo', big),
        filePart('photo', big),
        filePart('photo', Buffer.alloc(60_000, 2)),
        CLOSING,
      ]),
    );
    expect([error.status, error.message]).toEqual([400, 'Two photos at most, please.']);
    expect(error.headers).toMatchObject({ Connection: 'close' });
    expect(pulled).toBeLessThan(8192);
  });

  it('refuses a file past its byte limit with 413 as soon as it passes', async () => {
    const { error, pulled } = await refusal(Buffer.concat([filePart('photo', Buffer.alloc(60_000, 3)), CLOSING]));
    expect([error.status, error.message]).toEqual([413, 'Each photo must be under 1000 bytes.']);
    expect(pulled).toBeLessThanOrEqual(4096);
  });

  it('refuses a body past its byte limit with 413, also without a declared length', async () => {
    const manySmall = Buffer.concat([filePart('photo', 'x'), Buffer.alloc(200_000, 0x20), CLOSING]);
    const { error, pulled } = await refusal(manySmall);
    expect([error.status, error.message]).toEqual([413, 'Each photo must be under 1000 bytes.']);
    expect(pulled).toBeLessThanOrEqual(rules.maxBodyBytes + 4096);
  });

  it('refuses a declared length over the limit before reading a byte', async () => {
    const { request, pulled } = countedRequest(Buffer.concat([filePart('photo', 'x'), CLOSING]), {
      'content-length': String(MB),
    });
    await expect(readUploadForm(request, rules)).rejects.toMatchObject({ status: 413 });
    expect(pulled.bytes).toBe(0);
  });

  it('refuses a text field, and a file in another field, with 400', async () => {
    const text = await refusal(Buffer.concat([textPart('note', 'hello'), filePart('photo', 'x'), CLOSING]));
    expect([text.error.status, text.error.message]).toEqual([400, TEXT_FIELD_MESSAGE()]);
    const other = await refusal(Buffer.concat([filePart('avatar', 'x'), CLOSING]));
    expect(other.error.status).toBe(400);
    expect(other.error.errors).toEqual({ avatar: ['Unexpected field'] });
  });

  it('refuses broken framing with 400 and another body type with 415', async () => {
    const cut = await refusal(filePart('photo', 'no closing boundary'));
    expect([cut.error.status, cut.error.message]).toEqual([400, INVALID_MULTIPART_MESSAGE()]);
    const json = new Request('http://basha.test/upload', { method: 'POST', body: '{}' });
    await expect(readUploadForm(json, rules)).rejects.toMatchObject({ status: 415 });
  });
});

// ---- over a real connection ----

let ctx: TestContext;
let server: ServerType;
let port: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await signIn(ctx, await registerUser(ctx, 'keepalive'));
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: ctx.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
  await ctx.close();
});

interface Answer {
  status: number;
  connection: string | undefined;
  reusedSocket: boolean;
}

/** One request on `agent`; the body is written in 64 kB slices, as a slow phone would. */
function send(agent: http.Agent, path: string, options: { body?: Buffer; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, agent, method: options.body ? 'POST' : 'GET', headers: options.headers },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            reusedSocket: request.reusedSocket,
          }),
        );
      },
    );
    request.on('error', reject);
    if (!options.body) return request.end();
    const body = options.body;
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const slice = body.subarray(offset, offset + 64 * 1024);
        offset += slice.length;
        // The server may answer and stop reading before the end: the rest is then simply not sent.
        if (request.destroyed) return;
        if (!request.write(slice)) return void request.once('drain', writeMore);
      }
      request.end();
    };
    writeMore();
  });
}

describe('a refused upload on a kept-alive connection', () => {
  const uploadHeaders = (body: Buffer, boundary: string, signedIn: boolean) => ({
    ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(body.length),
  });

  it.each([
    ['a declared length over the limit (refused before reading)', 40 * MB, true, 413],
    ['a photo over 5 MB inside the body limit (refused half-way)', 5.5 * MB, true, 413],
    ['an upload without a sign-in (refused before reading)', 5.5 * MB, false, 401],
  ])(
    'closes the connection after %s, and the next request gets its answer',
    async (_label, bytes, signedIn, status) => {
      const boundary = 'keepalive-boundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        Buffer.alloc(Math.round(bytes), 0xff),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const headers = uploadHeaders(body, boundary, signedIn);
        const upload = send(agent, '/api/v1/image/upload-profile', { body, headers });
        // Queued behind the upload on the agent's only socket, as a page's next call would be.
        const next = send(agent, '/api/v1/health');
        const failed = (error: unknown) => ({ status: 0, error: String(error) });
        const [refused, answer] = await Promise.all([upload.catch(failed), next.catch(failed)]);
        // Kept alive after the refusal, the socket was closed under the next request ("socket hang up").
        expect(answer).toMatchObject({ status: 200, reusedSocket: false });
        expect(refused).toMatchObject({ status, connection: 'close' });
      } finally {
        agent.destroy();
      }
    },
  );
});
