import sharp from 'sharp';
import { UPLOADS_BASE_PATH } from '../../src/domain/constants';
import type { AppDeps } from '../deps';
import { createImageWorkQueue } from '../images/image-work';
import { listingShowingPhoto } from '../images/photo-listings';
import { isStorageKey } from '../images/storage';

/**
 * Link-preview images: a stored listing photo (WebP, up to 1600 px) as the 1200x630 JPEG that every app that
 * shows previews takes (Facebook and Messenger, WhatsApp, Telegram, X, LinkedIn; some still refuse WebP). Only the
 * photos of a listing whose public page is shown have one (a hidden, deleted, Booked or unconfirmed listing's
 * photo is 404, asked each time). Made on first request in a queue of their own, so that anonymous requests for
 * previews never take a turn from uploads, kept in a small memory cache, and, since a photo's key never changes,
 * cacheable for a year by browsers and a CDN. Requests are limited per client address (server/http/limits.ts).
 */

export const OG_IMAGE_BASE_PATH = '/share/og';
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
const OG_IMAGE_QUALITY = 80;
const CACHED_IMAGES = 32;

/** Previews rendered at once, in every process: one, beside the upload queue's own turns. */
export const PREVIEW_WORK_CONCURRENCY = 1;
/** Previews waiting for a turn; any more is answered 503 with Retry-After (a crawler comes back). */
export const PREVIEW_WORK_MAX_WAITING = 4;

/** The process's preview queue: separate from `imageWork`, which only uploads use. */
export const previewWork = createImageWorkQueue({
  concurrency: PREVIEW_WORK_CONCURRENCY,
  maxWaiting: PREVIEW_WORK_MAX_WAITING,
});

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
  /**
   * The preview JPEG of the photo stored under `key`, or undefined when it has none: nothing is stored there, or
   * no listing whose public page is shown shows it.
   */
  render(key: string): Promise<Buffer | undefined>;
}

export function createOgImages(deps: Pick<AppDeps, 'db' | 'images'>): OgImages {
  const cache = new Map<string, Buffer>();
  // One rendering per key at a time: requests for a preview being made wait for it rather than queue again.
  const rendering = new Map<string, Promise<Buffer | undefined>>();

  async function renderStored(key: string): Promise<Buffer | undefined> {
    // The photo is read in its turn, so that previews waiting for one hold no bytes.
    const jpeg = await previewWork.run(async () => {
      const stored = await deps.images.open(key);
      if (!stored) return undefined;
      const bytes = Buffer.from(await new Response(stored.body).arrayBuffer());
      return sharp(bytes, { failOn: 'error' })
        .rotate()
        .resize(OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT, { fit: 'cover', position: 'attention' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: OG_IMAGE_QUALITY, mozjpeg: true })
        .toBuffer();
    });
    if (!jpeg) return undefined;
    cache.set(key, jpeg);
    if (cache.size > CACHED_IMAGES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return jpeg;
  }

  return {
    async render(key) {
      // Asked every time, the cached ones too: a listing hidden since its preview was made has none.
      if (!(await listingShowingPhoto(deps.db, key))?.public) return undefined;
      const cached = cache.get(key);
      if (cached) {
        // Most recently used last: the first entry is the one to drop.
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      const pending = rendering.get(key);
      if (pending) return pending;
      const started = renderStored(key).finally(() => rendering.delete(key));
      rendering.set(key, started);
      return started;
    },
  };
}
