import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { removeListingPhotos, storageKeyOf, storeListingPhoto, THUMBNAIL_MAX_PX } from './listing-photos';
import { createLocalImageStorage } from './storage';

function tempStorage() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'basha-photos-'));
  return { root, storage: createLocalImageStorage(root) };
}

async function noisyJpegWithGps(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' } })
    .toBuffer();
}

describe('storeListingPhoto', () => {
  it('stores a large WebP and a small thumbnail, both without metadata', async () => {
    const { root, storage } = tempStorage();
    const input = await noisyJpegWithGps(2400, 1800);
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const photo = await storeListingPhoto(storage, input, { folder: 'rent' });
    const large = readFileSync(path.join(root, storageKeyOf(photo.url)!));
    const thumbnail = readFileSync(path.join(root, storageKeyOf(photo.thumbnailUrl)!));
    const [largeMeta, thumbMeta] = await Promise.all([sharp(large).metadata(), sharp(thumbnail).metadata()]);
    expect(largeMeta.format).toBe('webp');
    expect(Math.max(largeMeta.width!, largeMeta.height!)).toBe(1600);
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(THUMBNAIL_MAX_PX);
    expect(largeMeta.exif).toBeUndefined();
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('refuses a format the caller does not accept', async () => {
    const { storage } = tempStorage();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expect(storeListingPhoto(storage, gif, { folder: 'rent' })).rejects.toMatchObject({ status: 415 });
    await expect(
      storeListingPhoto(storage, gif, { folder: 'services', accept: ['jpeg', 'png', 'gif'] }),
    ).resolves.toBeDefined();
  });

  it('removes both files of a photo', async () => {
    const { root, storage } = tempStorage();
    const photo = await storeListingPhoto(storage, await noisyJpegWithGps(300, 200), { folder: 'rent' });
    await removeListingPhotos(storage, [photo]);
    expect(() => statSync(path.join(root, storageKeyOf(photo.url)!))).toThrow();
    expect(() => statSync(path.join(root, storageKeyOf(photo.thumbnailUrl)!))).toThrow();
  });
});
