import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { rentPosts, users, type StoredPhoto } from '../db/schema';
import { PREVIEWS_PER_ADDRESS } from '../http/limits';
import { encodeListingPhoto, saveListingPhoto } from '../images/listing-photos';
import { createLocalImageStorage } from '../images/storage';
import { RENT_AD_INPUT, userRow } from '../test/rows';
import { registerSignedIn, testContextForFile } from '../test/test-app';

/**
 * Preview images are public and rendered on demand, so strangers can ask for many at once. They wait in a queue of
 * their own (server/share/og-image.ts) and are limited per client address: a flood of them leaves uploads, which
 * use the image queue of server/images/image-work.ts, answered. Against the real app and the real queues.
 */

// Behind one trusted proxy, so that each request can come from an address of its own.
const ctx = testContextForFile({ env: { TRUST_PROXY: '1' } });

/** Live public rent ads, each with a photo of its own: more than the preview cache keeps, so each ask renders. */
const ADS = 48;
let photos: StoredPhoto[] = [];
beforeAll(async () => {
  const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#e76f51' } })
    .jpeg()
    .toBuffer();
  const encoded = await encodeListingPhoto(bytes);
  const storage = createLocalImageStorage(ctx.config.uploadsDir);
  const userId = randomUUID();
  await ctx.db.insert(users).values(userRow(userId, { id: userId }));
  photos = [];
  for (let i = 0; i < ADS; i += 1) photos.push(await saveListingPhoto(storage, encoded, 'rent'));
  await ctx.db
    .insert(rentPosts)
    .values(photos.map((photo) => ({ ...RENT_AD_INPUT, propertyType: 'Family Room', userId, photos: [photo] })));
});

const previewPath = (photo: StoredPhoto) => photo.url.replace('/uploads/', '/share/og/').replace(/\.webp$/, '.jpg');
/** The i-th of many client addresses (10.0.0.0/8). */
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const fromAddress = (path: string, from: string) => ctx.app.request(path, { headers: { 'x-forwarded-for': from } });

async function uploadProfilePhoto(token: string, from: string): Promise<Response> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#264653' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('profileImage', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
  return ctx.app.request('/api/v1/image/upload-profile', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': from },
    body: form,
  });
}

describe('a flood of preview requests', () => {
  it('leaves an upload made in the middle of it answered 201', async () => {
    const person = await registerSignedIn(ctx, 'uploader');
    const IN_FLIGHT = 40;
    const MOST = 3000;
    const previewStatuses: number[] = [];
    let sent = 0;
    let uploadAnswered = false;
    let queueFull = () => {};
    const refusedForATurn = new Promise<void>((resolve) => (queueFull = resolve));

    // Forty requests in flight at all times, each from a new address and for a photo not rendered lately, until the
    // upload is answered (or 3,000 were sent, the flood).
    const flood = Array.from({ length: IN_FLIGHT }, async () => {
      while (!uploadAnswered && sent < MOST) {
        const i = sent;
        sent += 1;
        const answer = await fromAddress(previewPath(photos[i % ADS] as StoredPhoto), address(i));
        await answer.arrayBuffer();
        previewStatuses.push(answer.status);
        if (answer.status === 503) queueFull();
      }
    });
    // The upload starts once previews are refused for want of a turn: the queue they wait in is full.
    await Promise.race([refusedForATurn, Promise.all(flood)]);
    const upload = await uploadProfilePhoto(person.token, '192.0.2.1');
    uploadAnswered = true;
    await Promise.all(flood);

    expect(previewStatuses).toContain(503);
    expect(previewStatuses.filter((answered) => answered !== 200 && answered !== 503)).toEqual([]);
    expect(upload.status).toBe(201);
  });
});

describe('preview images per client address', () => {
  it(`answer 429 with Retry-After past ${PREVIEWS_PER_ADDRESS} in ten minutes, and still serve other addresses`, async () => {
    const missing = `/share/og/rent/${randomUUID()}.jpg`;
    for (let i = 0; i < PREVIEWS_PER_ADDRESS; i += 1) {
      expect((await fromAddress(missing, '198.51.100.7')).status).toBe(404);
    }
    const refused = await fromAddress(previewPath(photos[0] as StoredPhoto), '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fromAddress(previewPath(photos[0] as StoredPhoto), '198.51.100.8')).status).toBe(200);
  });
});
