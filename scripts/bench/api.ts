import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { RentPost } from '../../src/domain/rent-post';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';

/** Talking to the benchmark stack from Node: signing in, counting bytes on the wire, posting rent ads. */

export const API = '/api/v1';

export interface Session {
  token: string;
  userId: string;
  email: string;
}

/** Signs a demo user in as the app does: Firebase (the emulator, through the server's proxy), then Basha. */
export async function signInDemoUser(baseUrl: string, index = 0): Promise<Session> {
  const user = DEMO_USERS[index];
  if (!user) throw new Error(`no demo user ${index}`);
  const identity = await postJson<{ idToken: string }>(
    `${baseUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { email: user.email, password: DEMO_PASSWORD, returnSecureToken: true },
  );
  const found = await postJson<{ data: { _id: string }[] }>(
    `${baseUrl}${API}/user/find-id`,
    { email: user.email },
    identity.idToken,
  );
  const userId = found.data[0]?._id;
  if (!userId) throw new Error(`no Basha id for ${user.email}`);
  const session = await postJson<{ data: string }>(
    `${baseUrl}${API}/user/sign-in-token/${userId}`,
    {},
    identity.idToken,
  );
  return { token: session.data, userId, email: user.email };
}

async function postJson<T>(
  url: string,
  body: unknown,
  bearer?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function getJson<T>(url: string, bearer: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
  if (!response.ok) throw new Error(`GET ${new URL(url).pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface WireAnswer {
  status: number;
  /** Body bytes as received, before any decoding. */
  wireBytes: number;
  /** `br`, `gzip`, `deflate` or `identity`. */
  encoding: string;
  /** The decoded body. */
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

/** A GET whose body bytes are counted exactly as sent (Node's fetch would decode them silently). */
export function getOnTheWire(url: string, headers: Record<string, string>): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = String(response.headers['content-encoding'] ?? 'identity');
        try {
          const body =
            encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : encoding === 'deflate'
                  ? inflateSync(raw)
                  : raw;
          resolve({
            status: response.statusCode ?? 0,
            wireBytes: raw.length,
            encoding,
            body,
            headers: response.headers,
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.on('error', reject);
    request.setTimeout(60_000, () => request.destroy(new Error(`GET ${url} timed out`)));
  });
}

export async function fullSync(baseUrl: string, session: Session): Promise<SyncDelta<RentPost>> {
  const answer = await getJson<{ data: SyncDelta<RentPost> }>(
    `${baseUrl}${API}/rent/rent-posts?since=0`,
    session.token,
  );
  return answer.data;
}

/**
 * Photos "uploaded" for posts to come: hard links to one demo photo pair under new ids in the stack's upload
 * folder, as `POST /image/upload-properties` would leave them (the upload endpoint itself is rate-limited to 60
 * calls in 10 minutes, far below what a load test posts). Answers the large photos' URLs.
 */
export function placeRentPhotos(uploadsDir: string, count: number): string[] {
  const folder = path.join(uploadsDir, 'rent');
  mkdirSync(folder, { recursive: true });
  const large = readdirSync(folder).find((name) => /^[0-9a-f-]{36}\.webp$/.test(name));
  if (!large) throw new Error(`no demo rent photo in ${folder}`);
  const source = path.join(folder, large);
  const sourceThumb = source.replace(/\.webp$/, '-thumb.webp');
  const urls: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    linkSync(source, path.join(folder, `${id}.webp`));
    linkSync(sourceThumb, path.join(folder, `${id}-thumb.webp`));
    urls.push(`/uploads/rent/${id}.webp`);
  }
  return urls;
}

/** The body of `POST /rent/create` for a new ad showing `imageUrl`. */
export function newRentAd(imageUrl: string, n: number) {
  const start = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return {
    category: 'flat',
    cost: 20_000 + (n % 50) * 500,
    rentPaymentFrequency: 'monthly',
    rentStartDate: start,
    contactInfo: '+880 1711-234567',
    addressLine: `House ${n % 200}, Road 4, Dhanmondi`,
    city: 'Dhaka',
    postalCode: '1205',
    details: 'Benchmark flat: two bedrooms, a balcony, a lift and gas, close to the main road.',
    imageUrls: [imageUrl],
  };
}

/** Posts one rent ad through the API, as the outbox does (with a fresh Idempotency-Key). */
export async function createRentAd(baseUrl: string, session: Session, imageUrl: string, n: number): Promise<RentPost> {
  const answer = await postJson<{ data: RentPost }>(
    `${baseUrl}${API}/rent/create`,
    newRentAd(imageUrl, n),
    session.token,
    {
      'idempotency-key': randomUUID(),
    },
  );
  return answer.data;
}
