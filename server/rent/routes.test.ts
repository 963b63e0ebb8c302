import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentPost, RentPostDetails } from '../../src/domain/rent-post';
import { rentPosts } from '../db/schema';
import {
  createTestContext,
  newRentAdPayload,
  registerUser,
  signIn,
  type RegisteredUser,
  type TestContext,
} from '../test/test-app';

let ctx: TestContext;
let owner: RegisteredUser;
let ownerToken: string;
let otherToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerUser(ctx, 'landlord');
  ownerToken = await signIn(ctx, owner);
  otherToken = await signIn(ctx, await registerUser(ctx, 'neighbour'));
});
afterAll(() => ctx.close());

const blob = (bytes: Uint8Array, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type });

async function photo(width = 640, height = 480, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

function upload(files: { bytes: Uint8Array; name?: string; type?: string }[], token: string | null = ownerToken) {
  const form = new FormData();
  for (const file of files) form.append('propertyImage', blob(file.bytes, file.type), file.name ?? 'room.jpg');
  return ctx.request<{ urls: string[]; thumbnailUrls: string[] }>('POST', '/api/v1/image/upload-properties', {
    body: form,
    ...(token ? { token } : {}),
  });
}

async function uploadedUrls(count: number, token = ownerToken): Promise<string[]> {
  const files = await Promise.all(Array.from({ length: count }, async () => ({ bytes: await photo() })));
  const response = await upload(files, token);
  expect(response.status).toBe(201);
  return response.body.data?.urls ?? [];
}

function fileOf(url: string): string {
  return path.join(ctx.config.uploadsDir, url.slice('/uploads/'.length));
}

function validAd(imageUrls: string[], changes: Record<string, unknown> = {}): Record<string, unknown> {
  return newRentAdPayload(imageUrls, { category: 'family-room', ...changes });
}

function create(body: unknown, token: string | null = ownerToken) {
  return ctx.request<RentPost>('POST', '/api/v1/rent/create', { json: body, ...(token ? { token } : {}) });
}

async function countPosts(): Promise<number> {
  return (await ctx.db.select({ id: rentPosts.id }).from(rentPosts)).length;
}

describe('POST /image/upload-properties', () => {
  it('stores each photo as a large WebP within 1600 px and a thumbnail within 480 px', async () => {
    const response = await upload([{ bytes: await photo(3000, 2000) }, { bytes: await photo(400, 300, 'png') }]);
    expect(response.status).toBe(201);
    const { urls = [], thumbnailUrls = [] } = response.body.data ?? {};
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^\/uploads\/rent\/[0-9a-f-]{36}\.webp$/);
    const large = await sharp(readFileSync(fileOf(urls[0] ?? ''))).metadata();
    const thumbnail = await sharp(readFileSync(fileOf(thumbnailUrls[0] ?? ''))).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 1600, 1067]);
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', 480, 320]);
    const small = await sharp(readFileSync(fileOf(urls[1] ?? ''))).metadata();
    expect([small.width, small.height]).toEqual([400, 300]);
  });

  it('strips GPS and camera metadata from the stored photos', async () => {
    const withGps = await sharp(await photo(800, 600))
      .withExif({
        IFD0: { Make: 'BashaCam', Model: 'Rooftop 2' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '23/1 48/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '90/1 25/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
    // The input really carries a GPS block: the EXIF GPS-IFD pointer tag 0x8825 (little-endian here).
    const input = await sharp(withGps).metadata();
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(withGps.includes('BashaCam')).toBe(true);

    const response = await upload([{ bytes: withGps }]);
    expect(response.status).toBe(201);
    for (const url of [response.body.data?.urls[0], response.body.data?.thumbnailUrls[0]]) {
      const bytes = readFileSync(fileOf(url ?? ''));
      const stored = await sharp(bytes).metadata();
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(bytes.includes('BashaCam')).toBe(false);
    }
  });

  it('refuses a text file renamed .jpg with 415 and a clear message', async () => {
    const response = await upload([
      { bytes: new TextEncoder().encode('not a photo at all, only words'), name: 'flat.jpg', type: 'image/jpeg' },
    ]);
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ success: false, message: 'Please select a valid image file' });
  });

  it('refuses a 6 MB photo with 413 and stores none of the others', async () => {
    const side = 1450;
    const noise = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(6 * 1000 * 1000);
    const before = await uploadsCount();
    const response = await upload([{ bytes: await photo() }, { bytes: noise, name: 'big.png', type: 'image/png' }]);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, message: 'Each image must be less than 5MB' });
    expect(await uploadsCount()).toBe(before);
  });

  it('removes the photos already stored when a later one is refused', async () => {
    const before = await uploadsCount();
    const response = await upload([{ bytes: await photo() }, { bytes: Buffer.from('GIF89a garbage') }]);
    expect(response.status).toBe(415);
    expect(await uploadsCount()).toBe(before);
  });

  it('takes at most five photos and at least one', async () => {
    const six = await Promise.all(Array.from({ length: 6 }, async () => ({ bytes: await photo(50, 50) })));
    const tooMany = await upload(six);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('You can upload up to 5 images at once.');
    const none = await upload([]);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please add at least one image!');
  });

  it('needs a signed-in user', async () => {
    const response = await upload([{ bytes: await photo() }], null);
    expect(response.status).toBe(401);
  });
});

async function uploadsCount(): Promise<number> {
  const { readdir } = await import('node:fs/promises');
  return readdir(path.join(ctx.config.uploadsDir, 'rent')).then(
    (names) => names.length,
    () => 0,
  );
}

describe('POST /rent/create', () => {
  it('posts an ad for the signed-in user with the photos it uploaded', async () => {
    const urls = await uploadedUrls(3);
    const response = await create(validAd(urls, { user: undefined }));
    expect(response.status).toBe(201);
    const post = response.body.data as RentPost;
    expect(post).toMatchObject({
      user: owner.id,
      category: 'family-room',
      cost: 18000,
      propertyType: 'Family Room',
      status: 'Active',
      imageUrls: urls,
      details: 'Two bright rooms for a small family, with gas, water and a lift.',
      description: 'Two bright rooms for a small family, with gas, water and a lift.',
    });
    expect(post.thumbnailUrls).toEqual(urls.map((url) => url.replace('.webp', '-thumb.webp')));
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
  });

  it.each([
    ['category', '', 'Please select a property category'],
    ['cost', 0, 'Rent must be greater than 0'],
    ['cost', undefined, 'Rent amount is required'],
    ['cost', true, 'Rent amount is required'],
    ['cost', '12abc', 'Please write the amount in digits, like 18,000'],
    ['cost', '1,2,3', 'Please check the commas: write it like 18,000 or 1,20,000'],
    ['cost', '-18,000', 'Rent must be greater than 0'],
    ['rentPaymentFrequency', 'weekly', 'Please select payment frequency'],
    ['rentStartDate', '', 'Start date is required'],
    ['rentStartDate', '2020-01-01', 'Start date cannot be in the past'],
    ['contactInfo', '', 'Contact number is required'],
    ['contactInfo', 'ring the bell', 'Please enter a valid phone number'],
    ['addressLine', '', 'Address is required'],
    ['city', '', 'City is required'],
    ['postalCode', undefined, 'Postal code is required'],
    ['postalCode', 'Dhaka', 'A postal code is 4 digits, like 1205'],
    ['details', undefined, 'Please describe your property'],
    ['details', 'Nice flat, call me.', 'Description should be at least 30 characters'],
    ['imageUrls', [], 'Please add at least one image!'],
    ['imageUrls', ['https://elsewhere.example/a.jpg'], 'Images must be photos uploaded to Basha'],
    ['status', 'Booked', 'Unknown field: status'],
    ['user', 'someone-else', 'Unknown field: user'],
  ])('refuses %s = %j with 400 "%s" and stores nothing', async (field, value, message) => {
    const before = await countPosts();
    const body = validAd([`/uploads/rent/${randomUUID()}.webp`], { [field]: value });
    if (value === undefined) delete body[field];
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await countPosts()).toBe(before);
  });

  it('reads a rent sent as text the way people type it ("18,000", "৳১,২০,০০০") as that number', async () => {
    for (const [cost, value] of [
      ['18,000', 18000],
      ['৳১,২০,০০০', 120000],
    ] as const) {
      const response = await create(validAd(await uploadedUrls(1), { cost, postalCode: '১২ ০৫' }));
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ cost: value, postalCode: '1205' });
      const [stored] = await ctx.db
        .select()
        .from(rentPosts)
        .where(eq(rentPosts.id, response.body.data?._id ?? ''));
      expect([stored?.cost, stored?.postalCode]).toEqual([value, '1205']);
    }
  });

  it('refuses six photos', async () => {
    const urls = Array.from({ length: 6 }, () => `/uploads/rent/${randomUUID()}.webp`);
    const response = await create(validAd(urls));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('You can add up to 5 images');
  });

  it('refuses photo URLs that were never uploaded', async () => {
    const before = await countPosts();
    const response = await create(validAd([`/uploads/rent/${randomUUID()}.webp`]));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Images must be photos uploaded to Basha');
    expect(await countPosts()).toBe(before);
  });

  it('refuses a photo that another live listing shows', async () => {
    const urls = await uploadedUrls(1);
    expect((await create(validAd(urls))).status).toBe(201);
    const response = await create(validAd(urls), otherToken);
    expect(response.status).toBe(409);
  });

  it('needs a signed-in user', async () => {
    const response = await create(validAd([]), null);
    expect(response.status).toBe(401);
  });

  it('makes one ad from 20 parallel requests with one Idempotency-Key, each answered with that ad', async () => {
    const urls = await uploadedUrls(2);
    const before = await countPosts();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.request<RentPost>('POST', '/api/v1/rent/create', {
          json: validAd(urls),
          token: ownerToken,
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
    expect(await countPosts()).toBe(before + 1);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.body.data?._id)).size).toBe(1);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
  });
});

describe('GET /rent/rent-posts and /rent/view-details/{id}', () => {
  it('lists live posts newest first', async () => {
    const first = (await create(validAd(await uploadedUrls(1)))).body.data as RentPost;
    ctx.clock.advance(60_000);
    const second = (await create(validAd(await uploadedUrls(1, otherToken), { city: 'Sylhet' }), otherToken)).body
      .data as RentPost;
    const response = await ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', { token: otherToken });
    expect(response.status).toBe(200);
    const ids = (response.body.data ?? []).map((post) => post._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(ids.indexOf(second._id)).toBe(0);
  });

  it('shows the details with the poster as id and name', async () => {
    const post = (await create(validAd(await uploadedUrls(2)))).body.data as RentPost;
    const response = await ctx.request<RentPostDetails>('GET', `/api/v1/rent/view-details/${post._id}`, {
      token: otherToken,
    });
    expect(response.status).toBe(200);
    expect(response.body.data?.user).toEqual({ _id: owner.id, name: 'Rahim Chowdhury' });
    expect(response.body.data?.imageUrls).toEqual(post.imageUrls);
  });

  it('answers 404 "Rent details not found!" for unknown and malformed ids', async () => {
    for (const id of [randomUUID(), 'not-an-id', "1' or '1'='1"]) {
      const response = await ctx.request('GET', `/api/v1/rent/view-details/${encodeURIComponent(id)}`, {
        token: ownerToken,
      });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Rent details not found!');
    }
  });

  it('answers a visitor, who sends no token (server/security/visitor-reads.test.ts), and refuses a bad token', async () => {
    expect((await ctx.request('GET', '/api/v1/rent/rent-posts')).status).toBe(200);
    const forged = { headers: { Authorization: 'Bearer bs_forged' } };
    expect((await ctx.request('GET', '/api/v1/rent/rent-posts', forged)).status).toBe(401);
  });
});

describe('DELETE /rent/delete/{id}', () => {
  it("refuses another user's delete with 403 and changes nothing", async () => {
    const post = (await create(validAd(await uploadedUrls(2)))).body.data as RentPost;
    const response = await ctx.request('DELETE', `/api/v1/rent/delete/${post._id}`, { token: otherToken });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('You can only delete your own listings.');
    const [row] = await ctx.db.select().from(rentPosts).where(eq(rentPosts.id, post._id));
    expect(row?.deletedAt).toBeNull();
    for (const url of [...post.imageUrls, ...post.thumbnailUrls]) expect(existsSync(fileOf(url))).toBe(true);
  });

  it('lets the poster delete: a tombstone stays, the photos go, and the post is no longer listed', async () => {
    const post = (await create(validAd(await uploadedUrls(3)))).body.data as RentPost;
    ctx.clock.advance(1000);
    const response = await ctx.request('DELETE', `/api/v1/rent/delete/${post._id}`, { token: ownerToken });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);

    const [row] = await ctx.db.select().from(rentPosts).where(eq(rentPosts.id, post._id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.updatedAt.getTime()).toBeGreaterThan(new Date(post.updatedAt).getTime());
    for (const url of [...post.imageUrls, ...post.thumbnailUrls]) expect(existsSync(fileOf(url))).toBe(false);

    const list = await ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', { token: ownerToken });
    expect((list.body.data ?? []).some((item) => item._id === post._id)).toBe(false);
    const details = await ctx.request('GET', `/api/v1/rent/view-details/${post._id}`, { token: ownerToken });
    expect(details.status).toBe(404);
    const again = await ctx.request('DELETE', `/api/v1/rent/delete/${post._id}`, { token: ownerToken });
    expect(again.status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.request('DELETE', `/api/v1/rent/delete/${randomUUID()}`)).status).toBe(401);
  });
});
