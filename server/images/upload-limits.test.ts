import { statfsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploads } from '../db/schema';
import { BARE_TOKEN_UPLOADS_PER_ADDRESS_PER_DAY, UPLOADS_PER_ACCOUNT, UPLOADS_PER_ADDRESS } from '../http/limits';
import { registerSignedIn, signUpFirebase, testContextForFile, type TestContext } from '../test/test-app';
import { DISK_FLOOR_RETRY_AFTER_S } from './disk-floor';

/**
 * What an upload costs a stranger (issue 38, point 4): every upload endpoint counts per account and per client
 * address, uploads on a bare Firebase token (no Basha session yet) are capped per address a day, and nothing is
 * stored while the uploads folder's disk is below its floor. A refused upload stores nothing: no row, no file.
 */

// Behind one trusted proxy, so that each test names the client address of its requests.
const ctx = testContextForFile({ env: { TRUST_PROXY: '1' } });

const ENDPOINTS = [
  { path: '/api/v1/image/upload-profile', field: 'profileImage' },
  { path: '/api/v1/image/upload-properties', field: 'propertyImage' },
  { path: '/api/v1/image/upload-services', field: 'coverImage' },
] as const;
type Endpoint = (typeof ENDPOINTS)[number];
const PROFILE = ENDPOINTS[0];

let jpeg: Promise<Buffer> | undefined;
async function upload(endpoint: Endpoint, token: string, from: string): Promise<TestResponseLike> {
  jpeg ??= sharp({ create: { width: 320, height: 240, channels: 3, background: '#8ab17d' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append(endpoint.field, new Blob([new Uint8Array(await jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  return answer(ctx, endpoint.path, token, from, form);
}

/** A request that the limits count and that is then refused for its empty form (400): cheap to send many of. */
function emptyUpload(endpoint: Endpoint, token: string, from: string): Promise<TestResponseLike> {
  return answer(ctx, endpoint.path, token, from, new FormData());
}

interface TestResponseLike {
  status: number;
  retryAfter: string | null;
  message: string;
}

async function answer(
  t: TestContext,
  path: string,
  token: string,
  from: string,
  body: FormData,
): Promise<TestResponseLike> {
  const response = await t.app.request(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': from },
    body,
  });
  const json = (await response.json()) as { message: string };
  return { status: response.status, retryAfter: response.headers.get('retry-after'), message: json.message };
}

/** Every stored upload: its rows and its files. */
async function stored(): Promise<{ rows: number; files: string[] }> {
  const rows = await ctx.db.select({ key: uploads.key }).from(uploads);
  const files = await readdir(ctx.config.uploadsDir, { recursive: true }).catch(() => []);
  return { rows: rows.length, files: files.map(String).sort() };
}

describe('uploads per client address', () => {
  it(`answer 429 with Retry-After on every upload endpoint past ${UPLOADS_PER_ADDRESS} in ten minutes, whoever signs them, storing nothing`, async () => {
    const from = '203.0.113.10';
    // Accounts that each stay within their own limit, together using up the address's.
    const accounts = UPLOADS_PER_ADDRESS / UPLOADS_PER_ACCOUNT;
    for (let n = 0; n < accounts; n += 1) {
      const person = await registerSignedIn(ctx, `sharer${n}`);
      for (let i = 0; i < UPLOADS_PER_ACCOUNT; i += 1) {
        expect((await emptyUpload(ENDPOINTS[i % 3] as Endpoint, person.token, from)).status).toBe(400);
      }
    }
    const fresh = await registerSignedIn(ctx, 'fresh');
    const before = await stored();
    for (const endpoint of ENDPOINTS) {
      const refused = await upload(endpoint, fresh.token, from);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.message).toMatch(/^Too many uploads/);
    }
    expect(await stored()).toEqual(before);

    // The same account from another address uploads as usual.
    expect((await upload(PROFILE, fresh.token, '203.0.113.11')).status).toBe(201);
  });
});

describe('uploads on a bare Firebase token', () => {
  it(`are capped at ${BARE_TOKEN_UPLOADS_PER_ADDRESS_PER_DAY} per client address a day, over any number of accounts; a session still uploads`, async () => {
    const from = '203.0.113.20';
    for (let i = 0; i < BARE_TOKEN_UPLOADS_PER_ADDRESS_PER_DAY; i += 1) {
      const account = await signUpFirebase();
      expect((await emptyUpload(PROFILE, account.idToken, from)).status).toBe(400);
    }
    const before = await stored();
    const another = await signUpFirebase();
    const refused = await upload(PROFILE, another.idToken, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);

    // A person with a Basha session at that address is not counted in the cap, and the next day it opens again.
    const person = await registerSignedIn(ctx, 'neighbour');
    expect((await upload(PROFILE, person.token, from)).status).toBe(201);
    ctx.clock.advance(24 * 60 * 60 * 1000);
    expect((await upload(PROFILE, (await signUpFirebase()).idToken, from)).status).toBe(201);
  });
});

describe('the free-space floor of the uploads disk', () => {
  it('refuses every upload endpoint with 507 and Retry-After while the disk is below it, storing nothing', async () => {
    const person = await registerSignedIn(ctx, 'floor');
    const disk = statfsSync(ctx.config.dataDir);
    const floor = ctx.config.uploadsMinFreeBytes;
    // A floor above the real free space, as UPLOADS_MIN_FREE_MB would set it.
    ctx.config.uploadsMinFreeBytes = disk.bavail * disk.bsize + 1024 ** 3;
    try {
      const before = await stored();
      for (const endpoint of ENDPOINTS) {
        const refused = await upload(endpoint, person.token, '203.0.113.30');
        expect(refused.status).toBe(507);
        expect(refused.retryAfter).toBe(String(DISK_FLOOR_RETRY_AFTER_S));
        expect(refused.message).toBe('Basha cannot store more photos right now. Please try again later.');
      }
      expect(await stored()).toEqual(before);
    } finally {
      ctx.config.uploadsMinFreeBytes = floor;
    }
    expect((await upload(PROFILE, person.token, '203.0.113.30')).status).toBe(201);
  });
});
