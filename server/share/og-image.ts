import sharp from 'sharp';
import { UPLOADS_BASE_PATH } from '../../src/domain/constants';
import { imageWork } from '../images/image-work';
import { isStorageKey, type ImageStorage } from '../images/storage';

/**
 * Link-preview images: a stored listing photo (WebP, up to 1600 px) as the 1200x630 JPEG that every app that
 * shows previews takes (Facebook and Messenger, WhatsApp, Telegram, X, LinkedIn; some still refuse WebP). Made
 * on first request through the upload work queue, kept in a small memory cache, and, since a photo's key never
 * changes, cacheable for a year by browsers and a CDN.
 */

export const OG_IMAGE_BASE_PATH = '/share/og';
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
const OG_IMAGE_QUALITY = 80;
const CACHED_IMAGES = 32;

/** The preview image's path for a stored photo's public path (`/uploads/rent/x.webp`), or undefined. */
export function ogImagePath(photoUrl: string): string | undefined {
  const prefix = `${UPLOADS_BASE_PATH}/`;
  if (!photoUrl.startsWith(prefix) || !photoUrl.endsWith('.webp')) return undefined;
  const key = photoUrl.slice(prefix.length, -'.webp'.length);
  return isStorageKey(`${key}.webp`) ? `${OG_IMAGE_BASE_PATH}/${key}.jpg` : undefined;
}

/** The stored photo's key behind a preview path's rest (`rent/x.jpg` is `rent/x.webp`), or undefined. */
export function photoKeyOfOgPath(rest: string): string | undefined {
  if (!rest.endsWith('.jpg')) return undefined;
  const key = `${rest.slice(0, -'.jpg'.length)}.webp`;
  return isStorageKey(key) && !key.endsWith('-thumb.webp') ? key : undefined;
}

export interface OgImages {
  /** The preview JPEG of the photo stored under `key`, or undefined when none is stored. */
  render(key: string): Promise<Buffer | undefined>;
}

export function createOgImages(storage: ImageStorage): OgImages {
  const cache = new Map<string, Buffer>();
  return {
    async render(key) {
      const cached = cache.get(key);
      if (cached) {
        // Most recently used last: the first entry is the one to drop.
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      const stored = await storage.open(key);
      if (!stored) return undefined;
      const bytes = Buffer.from(await new Response(stored.body).arrayBuffer());
      const jpeg = await imageWork.run(() =>
        sharp(bytes, { failOn: 'error' })
          .rotate()
          .resize(OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT, { fit: 'cover', position: 'attention' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: OG_IMAGE_QUALITY, mozjpeg: true })
          .toBuffer(),
      );
      cache.set(key, jpeg);
      if (cache.size > CACHED_IMAGES) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return jpeg;
    },
  };
}
