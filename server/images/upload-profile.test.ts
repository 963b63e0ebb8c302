import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES } from '../../src/domain/constants';
import { createTestContext, registerUser, signIn, signUpFirebase, type TestContext } from '../test/test-app';

let ctx: TestContext;
let sessionToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  sessionToken = await signIn(ctx, await registerUser(ctx, 'photo'));
});
afterAll(() => ctx.close());

function upload(
  file: Blob | undefined,
  options: { token?: string; name?: string; extra?: Blob; language?: string } = {},
) {
  const form = new FormData();
  if (file) form.append('profileImage', file, options.name ?? 'photo.jpg');
  if (options.extra) form.append('profileImage', options.extra, 'second.jpg');
  return ctx.request<{ url: string }>('POST', '/api/v1/image/upload-profile', {
    body: form,
    ...(options.token ? { token: options.token } : {}),
    ...(options.language ? { headers: { 'accept-language': options.language } } : {}),
  });
}

// Copy into a plain ArrayBuffer: Blob does not take Node Buffers typed over a possibly shared buffer.
const blob = (bytes: Uint8Array, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type });

function storedFile(url: string): Buffer {
  expect(url).toMatch(/^\/uploads\/profiles\/[0-9a-f-]{36}\.webp$/);
  return readFileSync(path.join(ctx.config.uploadsDir, url.slice('/uploads/'.length)));
}

async function photo(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 80 } } })
    .toFormat(format)
    .toBuffer();
}

describe('POST /image/upload-profile', () => {
  it('stores a PNG as a WebP within 800x800 and answers its /uploads URL', async () => {
    const response = await upload(blob(await photo(1600, 1000, 'png'), 'image/png'), {
      token: sessionToken,
      name: 'me.png',
    });
    expect(response.status).toBe(201);
    const url = response.body.data?.url ?? '';
    const stored = await sharp(storedFile(url)).metadata();
    expect(stored.format).toBe('webp');
    expect([stored.width, stored.height]).toEqual([800, 500]);

    const served = await ctx.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('does not enlarge a small photo', async () => {
    const response = await upload(blob(await photo(320, 240, 'webp'), 'image/webp'), { token: sessionToken });
    expect(response.status).toBe(201);
    const stored = await sharp(storedFile(response.body.data?.url ?? '')).metadata();
    expect([stored.width, stored.height]).toEqual([320, 240]);
  });

  it('drops EXIF (camera, GPS) from a JPEG and applies its orientation', async () => {
    const withExif = await sharp(await photo(300, 200, 'jpeg'))
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'BashaCam', Model: 'Secret 1' } } })
      .jpeg()
      .toBuffer();
    const input = await sharp(withExif).metadata();
    expect(input.exif).toBeDefined();
    expect(withExif.includes('BashaCam')).toBe(true);

    // Registration uploads the photo before a session exists, with the Firebase ID token.
    const account = await signUpFirebase();
    const response = await upload(blob(withExif), { token: account.idToken });
    expect(response.status).toBe(201);
    const bytes = storedFile(response.body.data?.url ?? '');
    const stored = await sharp(bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(bytes.includes('BashaCam')).toBe(false);
    expect([stored.width, stored.height]).toEqual([200, 300]);
  });

  it('refuses a text file named .jpg with 415', async () => {
    const response = await upload(blob(new TextEncoder().encode('just some text, not a photo')), {
      token: sessionToken,
      name: 'notes.jpg',
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ success: false, message: 'Please select a valid image file' });
  });

  it.each([
    ['a GIF', async () => photo(40, 40, 'gif')],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['a truncated JPEG', async () => (await photo(400, 400, 'jpeg')).subarray(0, 300)],
    [
      'JPEG magic bytes in front of garbage',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)]),
    ],
  ])('refuses %s with 415', async (_label, make) => {
    const response = await upload(blob(await make()), { token: sessionToken });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('Please select a valid image file');
  });

  it('refuses an image whose header claims more than 40 megapixels with a 4xx', async () => {
    const response = await upload(blob(await pngClaiming(20_000, 20_000), 'image/png'), { token: sessionToken });
    expect(response.status).toBe(422);
    expect(response.body.success).toBe(false);
  });

  it('refuses a file of 5 MB or more with 413', async () => {
    const big = new Uint8Array(PROFILE_IMAGE_MAX_BYTES);
    big.set([0xff, 0xd8, 0xff]);
    const response = await upload(blob(big), { token: sessionToken });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, message: 'Image size should be less than 5MB' });
  });

  it('refuses a multipart body over 6 MB with 413 before reading it', async () => {
    const response = await upload(blob(new Uint8Array(7 * 1024 * 1024)), { token: sessionToken });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('Image size should be less than 5MB');
  });

  it('says so in the language of the request that was refused', async () => {
    const big = new Uint8Array(7 * 1024 * 1024);
    const bangla = await upload(blob(big), { token: sessionToken, language: 'bn' });
    expect(bangla.status).toBe(413);
    expect(bangla.body.message).toBe('ছবির আকার ৫ MB-এর কম হতে হবে');
    const english = await upload(blob(big), { token: sessionToken, language: 'en' });
    expect(english.body.message).toBe('Image size should be less than 5MB');
  });

  it('needs a token: 401 without one', async () => {
    const response = await upload(blob(await photo(50, 50, 'png'), 'image/png'));
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Please sign in to continue.');
  });

  it('answers 400 when the profileImage field is missing or repeated', async () => {
    expect((await upload(undefined, { token: sessionToken })).status).toBe(400);
    const one = blob(await photo(50, 50, 'png'), 'image/png');
    expect((await upload(one, { token: sessionToken, extra: one })).status).toBe(400);
  });

  it('answers 415 for a JSON body', async () => {
    const response = await ctx.request('POST', '/api/v1/image/upload-profile', {
      token: sessionToken,
      json: { profileImage: 'data:image/png;base64,AAAA' },
    });
    expect(response.status).toBe(415);
  });
});

/** A real 1x1 PNG whose header is rewritten to claim another size (a decompression-bomb shape). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await photo(1, 1, 'png'));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
