import { randomUUID } from 'node:crypto';
import { UPLOADS_BASE_PATH } from '../../src/domain/constants';
import type { StoredPhoto } from '../db/schema';
import { PHOTO_FORMATS, toWebp, type AcceptedFormat } from './process-image';
import type { ImageStorage } from './storage';

/**
 * Photos of listings (rent ads, service covers): each upload is stored twice as metadata-free WebP, a large
 * version for detail pages and a small one for cards, so lists on slow connections load thumbnails only.
 */

export const LARGE_PHOTO_MAX_PX = 1600;
export const THUMBNAIL_MAX_PX = 480;
const LARGE_PHOTO_QUALITY = 78;
// Quality 68 keeps a 480 px card photo well under 40 KB.
const THUMBNAIL_QUALITY = 68;

export interface ListingPhotoOptions {
  /** Storage folder, e.g. `rent` or `services`. */
  folder: string;
  accept?: readonly AcceptedFormat[];
  invalidMessage?: string;
}

export async function storeListingPhoto(
  storage: ImageStorage,
  input: Uint8Array,
  options: ListingPhotoOptions,
): Promise<StoredPhoto> {
  return saveListingPhoto(storage, await encodeListingPhoto(input, options), options.folder);
}

/** Both WebP versions of a photo, made and cleaned but not yet stored. */
export interface EncodedListingPhoto {
  large: Buffer;
  thumbnail: Buffer;
}

export async function encodeListingPhoto(
  input: Uint8Array,
  options: Omit<ListingPhotoOptions, 'folder'> = {},
): Promise<EncodedListingPhoto> {
  const large = await toWebp(
    input,
    { maxWidth: LARGE_PHOTO_MAX_PX, maxHeight: LARGE_PHOTO_MAX_PX, quality: LARGE_PHOTO_QUALITY },
    options.accept ?? PHOTO_FORMATS,
    options.invalidMessage,
  );
  // The thumbnail is made from the already cleaned large version: no second pass over untrusted bytes.
  const thumbnail = await toWebp(
    large.bytes,
    { maxWidth: THUMBNAIL_MAX_PX, maxHeight: THUMBNAIL_MAX_PX, quality: THUMBNAIL_QUALITY },
    ['webp'],
  );
  return { large: large.bytes, thumbnail: thumbnail.bytes };
}

/** Stores an encoded photo under a new id (demo data stores one encoded scene for several listings). */
export async function saveListingPhoto(
  storage: ImageStorage,
  photo: EncodedListingPhoto,
  folder: string,
): Promise<StoredPhoto> {
  const id = randomUUID();
  const largeKey = `${folder}/${id}.webp`;
  const thumbnailKey = `${folder}/${id}-thumb.webp`;
  await storage.save(largeKey, photo.large, 'image/webp');
  await storage.save(thumbnailKey, photo.thumbnail, 'image/webp');
  return { url: storage.url(largeKey), thumbnailUrl: storage.url(thumbnailKey) };
}

/** The storage key behind a public /uploads/... path, or undefined for anything else. */
export function storageKeyOf(url: string): string | undefined {
  const prefix = `${UPLOADS_BASE_PATH}/`;
  return url.startsWith(prefix) ? url.slice(prefix.length) : undefined;
}

/** Removes both versions of each photo; missing files are not an error. */
export async function removeListingPhotos(storage: ImageStorage, photos: readonly StoredPhoto[]): Promise<void> {
  const keys = photos.flatMap((photo) => [photo.url, photo.thumbnailUrl]).flatMap((url) => storageKeyOf(url) ?? []);
  await Promise.all(keys.map((key) => storage.remove(key)));
}
