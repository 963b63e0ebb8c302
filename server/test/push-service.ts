import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type KeyObject,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser's push service on 127.0.0.1, for tests: `subscribe()` makes a subscription as a browser would (a P-256
 * key pair and a 16-byte auth secret of its own, an endpoint here), and each POST to an endpoint is checked as a
 * real push service and the browser together check it: the VAPID header (RFC 8292: an ES256 JWT signed by the key
 * in `k`, for this origin, expiring within 24 hours, with a contact) and the body, decrypted here (RFC 8291 over
 * RFC 8188's aes128gcm). The decryption is written out with node:crypto, not with web-push or http_ece, so that a
 * test through it checks the library the server uses instead of trusting it.
 *
 * Accepted messages are kept in `received` with their headers and parsed payload (answered 201); every request is
 * counted in `requests`, refused ones with the reason. `answer(endpoint, status)` makes an endpoint answer that
 * status instead (410 for an unsubscribed browser, 500 for an outage, 'no answer' for one that never answers).
 */

export interface LocalPushSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  headers: Record<string, string>;
  payload: unknown;
  vapid: { sub: string; aud: string; exp: number; publicKey: string };
}

export interface PushServiceRequest {
  endpoint: string;
  status: number;
  /** Why it was refused (for a test's failure message). */
  reason?: string;
}

export interface LocalPushService {
  origin: string;
  /** A browser's subscription; given the server's key, only messages signed with it are taken (as browsers bind). */
  subscribe(options?: { applicationServerKey?: string }): LocalPushSubscription;
  answer(endpoint: string, status: number | 'no answer'): void;
  received: ReceivedPush[];
  requests: PushServiceRequest[];
  close(): Promise<void>;
}

/** Push services take 4096 bytes of body (RFC 8291 section 4 and every browser's service). */
const MAX_BODY_BYTES = 4096;
const MAX_VAPID_LIFETIME_S = 24 * 60 * 60;
const P256_POINT_BYTES = 65;
const TAG_BYTES = 16;

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string | undefined;
  forcedAnswer: number | 'no answer' | undefined;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const requests: PushServiceRequest[] = [];

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const endpoint = `${origin}${request.url ?? ''}`;
    const browser = browsers.get(endpoint);
    const answer = (status: number, reason?: string) => {
      requests.push({ endpoint, status, ...(reason ? { reason } : {}) });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason ?? '');
    };
    if (!browser) return answer(404, 'no such subscription');
    if (browser.forcedAnswer === 'no answer') {
      requests.push({ endpoint, status: 0, reason: 'no answer' });
      return;
    }
    if (browser.forcedAnswer !== undefined) return answer(browser.forcedAnswer);
    try {
      if (request.method !== 'POST') throw new Refusal(405, `${request.method} is not POST`);
      const body = await readBody(request);
      const vapid = checkVapid(request.headers.authorization, endpoint, browser);
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      if (headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'Content-Encoding is not aes128gcm');
      if (!/^\d+$/.test(headers.ttl ?? '')) throw new Refusal(400, 'no TTL header');
      const payload: unknown = JSON.parse(decrypt(body, browser).toString('utf8'));
      received.push({ endpoint, headers, payload, vapid });
      answer(201);
    } catch (error) {
      if (error instanceof Refusal) return answer(error.status, error.message);
      return answer(400, error instanceof Error ? error.message : String(error));
    }
  }

  return {
    origin,
    subscribe({ applicationServerKey } = {}) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(16).toString('base64url')}`;
      browsers.set(endpoint, { ecdh, publicKey, auth, applicationServerKey, forcedAnswer: undefined });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(endpoint, status) {
      const browser = browsers.get(endpoint);
      if (!browser) throw new Error(`${endpoint} is not a subscription of this push service`);
      browser.forcedAnswer = status;
    },
    received,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.byteLength;
    if (length > MAX_BODY_BYTES) throw new Refusal(413, `body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<the server's public key>`. */
function checkVapid(authorization: string | undefined, endpoint: string, browser: Browser): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Refusal(401, `no vapid Authorization header (got ${JSON.stringify(authorization)})`);
  const [, jwt = '', publicKey = ''] = match;
  if (browser.applicationServerKey !== undefined && publicKey !== browser.applicationServerKey) {
    throw new Refusal(403, 'k is not the key this browser subscribed with');
  }
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const decoded = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  const head = decoded(header);
  if (head.alg !== 'ES256' || head.typ !== 'JWT') throw new Refusal(401, `JWT header ${JSON.stringify(head)}`);
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: p256PublicKey(Buffer.from(publicKey, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refusal(401, 'the JWT is not signed by k');
  const { aud, exp, sub } = decoded(claims);
  if (aud !== new URL(endpoint).origin) throw new Refusal(401, `aud ${String(aud)} is not ${new URL(endpoint).origin}`);
  const nowS = Date.now() / 1000;
  if (typeof exp !== 'number' || exp <= nowS || exp > nowS + MAX_VAPID_LIFETIME_S) {
    throw new Refusal(401, `exp ${String(exp)} is not within the next 24 hours`);
  }
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) throw new Refusal(401, `sub ${String(sub)}`);
  return { sub, aud, exp, publicKey };
}

function p256PublicKey(point: Buffer): KeyObject {
  if (point.byteLength !== P256_POINT_BYTES || point[0] !== 0x04) throw new Refusal(401, 'k is not a P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * RFC 8188 section 2 (the aes128gcm header and its one record) with RFC 8291 section 3 (the key from the browser's
 * key pair, the sender's key in the header's keyid, and the auth secret).
 */
function decrypt(body: Buffer, browser: Browser): Buffer {
  const { salt, recordSize, senderKey, ciphertext } = readHeader(body);
  const ikm = webPushIkm(browser, senderKey);
  const { key, nonce } = contentKeys(ikm, salt);
  if (ciphertext.byteLength > recordSize) throw new Refusal(400, 'more than one record');
  if (ciphertext.byteLength < TAG_BYTES + 1) throw new Refusal(400, 'the record is too short');
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(-TAG_BYTES));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -TAG_BYTES)), decipher.final()]);
  // The last (here the only) record ends in 0x02 and then any number of zero bytes of padding.
  let end = padded.byteLength - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 0x02) throw new Refusal(400, 'the record does not end with the last-record delimiter');
  return padded.subarray(0, end);
}

function readHeader(body: Buffer) {
  if (body.byteLength < 21) throw new Refusal(400, 'no aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] ?? 0;
  if (keyIdLength !== P256_POINT_BYTES) throw new Refusal(400, `keyid of ${keyIdLength} bytes is not a P-256 point`);
  const senderKey = body.subarray(21, 21 + keyIdLength);
  return { salt, recordSize, senderKey, ciphertext: body.subarray(21 + keyIdLength) };
}

/** RFC 8291 section 3.3: IKM = HKDF(salt = auth secret, ECDH(browser, sender), "WebPush: info" 0 ua_public as_public). */
function webPushIkm(browser: Browser, senderKey: Buffer): Buffer {
  const ecdhSecret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderKey]);
  return Buffer.from(hkdfSync('sha256', ecdhSecret, browser.auth, keyInfo, 32));
}

/** RFC 8188 section 2.2 and 2.3: the content key and nonce from the IKM and the header's salt. */
function contentKeys(ikm: Buffer, salt: Buffer): { key: Buffer; nonce: Buffer } {
  return {
    key: Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16)),
    nonce: Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12)),
  };
}
