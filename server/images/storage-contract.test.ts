import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentPost } from '../../src/domain/rent-post';
import { startLocalS3, type LocalS3 } from '../test/local-s3';
import { createTestContext, newRentAdPayload, registerUser, signIn, type TestContext } from '../test/test-app';
import { storageKeyOf } from './listing-photos';
import { createS3ImageStorage } from './s3-storage';
import { createLocalImageStorage, type ImageStorage } from './storage';

/**
 * The promises every image storage keeps, checked against the local folder and an S3 bucket alike (s3rver on
 * loopback), through the storage itself and through the server: /uploads/<key>, and a deleted listing.
 */

interface OpenedStore {
  storage: ImageStorage;
  close(): Promise<void>;
}

const stores: { name: string; open(): Promise<OpenedStore> }[] = [
  {
    name: 'local folder',
    async open() {
      const root = mkdtempSync(path.join(tmpdir(), 'basha-uploads-'));
      return {
        storage: createLocalImageStorage(root),
        close: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 bucket',
    async open() {
      const s3 = await startLocalS3();
      const storage = createS3ImageStorage(s3.config);
      return {
        storage,
        async close() {
          storage.close();
          await s3.stop();
        },
      };
    },
  },
];

const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .webp()
    .toBuffer();

describe.each(stores)('image storage: $name', (store) => {
  let opened: OpenedStore;
  let storage: ImageStorage;
  let ctx: TestContext;
  beforeAll(async () => {
    opened = await store.open();
    storage = opened.storage;
    ctx = await createTestContext({ images: storage });
  });
  afterAll(async () => {
    await ctx?.close();
    await opened?.close();
  });

  it('keeps saved bytes under their key and names them by a public /uploads path', async () => {
    const bytes = await webp(40, 30);
    await storage.save('profiles/contract-1.webp', bytes, 'image/webp');
    expect(await storage.exists('profiles/contract-1.webp')).toBe(true);
    expect(storage.url('profiles/contract-1.webp')).toBe('/uploads/profiles/contract-1.webp');
    const image = await storage.open('profiles/contract-1.webp');
    expect(image?.contentType).toBe('image/webp');
    expect(image?.size).toBe(bytes.length);
    expect(Buffer.from(await new Response(image?.body).arrayBuffer())).toEqual(bytes);
  });

  it('serves a saved photo at its url with the bytes, its type and a year of immutable caching', async () => {
    const bytes = await webp(60, 40);
    await storage.save('rent/contract-2.webp', bytes, 'image/webp');
    const response = await ctx.app.request(storage.url('rent/contract-2.webp'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);

    const head = await ctx.app.request(storage.url('rent/contract-2.webp'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('says a key that was never saved does not exist, and answers its url with a JSON 404', async () => {
    expect(await storage.exists('rent/never-saved.webp')).toBe(false);
    expect(await storage.open('rent/never-saved.webp')).toBeUndefined();
    for (const missing of ['/uploads/rent/never-saved.webp', '/uploads/../package.json', '/uploads/rent/%2e%2e.webp']) {
      const response = await ctx.app.request(missing);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  it('removes a photo for good; removing it again is not an error', async () => {
    await storage.save('services/contract-3.webp', await webp(20, 20), 'image/webp');
    await storage.remove('services/contract-3.webp');
    expect(await storage.exists('services/contract-3.webp')).toBe(false);
    expect((await ctx.app.request('/uploads/services/contract-3.webp')).status).toBe(404);
    await expect(storage.remove('services/contract-3.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that could reach outside its own place', async () => {
    for (const key of ['../escape.webp', 'rent/../../escape.webp', '/rent/a.webp', 'rent/a']) {
      await expect(storage.save(key, new Uint8Array([1]), 'image/webp')).rejects.toThrow('invalid storage key');
    }
  });

  it("removes a rent ad's photos and thumbnails when the ad is deleted", async () => {
    const owner = await registerUser(ctx, 'storage-owner');
    const token = await signIn(ctx, owner);
    const form = new FormData();
    form.append('propertyImage', new Blob([new Uint8Array(await webp(800, 600))], { type: 'image/webp' }), 'room.webp');
    const uploaded = await ctx.request<{ urls: string[]; thumbnailUrls: string[] }>(
      'POST',
      '/api/v1/image/upload-properties',
      { body: form, token },
    );
    expect(uploaded.status).toBe(201);
    const urls = [...(uploaded.body.data?.urls ?? []), ...(uploaded.body.data?.thumbnailUrls ?? [])];
    const keys = urls.map((url) => storageKeyOf(url) ?? '');
    expect(keys).toHaveLength(2);
    const created = await ctx.request<RentPost>('POST', '/api/v1/rent/create', {
      token,
      json: newRentAdPayload(uploaded.body.data?.urls ?? [], { category: 'family-room' }),
    });
    expect(created.status).toBe(201);
    for (const key of keys) expect(await storage.exists(key)).toBe(true);

    const deleted = await ctx.request('DELETE', `/api/v1/rent/delete/${created.body.data?._id}`, { token });

    expect(deleted.status).toBe(200);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
    for (const url of urls) expect((await ctx.app.request(url)).status).toBe(404);
  });
});

describe('S3 bucket settings', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3?.stop());

  it('accept a bucket that is there', async () => {
    const storage = createS3ImageStorage(s3.config);
    await expect(storage.checkBucket()).resolves.toBeUndefined();
    storage.close();
  });

  it('stop the start with a clear message when the bucket is not there', async () => {
    const storage = createS3ImageStorage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(storage.checkBucket()).rejects.toThrow(
      `Object storage: bucket "no-such-bucket" at ${s3.config.endpoint} is not usable (HTTP 404)`,
    );
    storage.close();
  });
});
