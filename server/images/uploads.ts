import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { UPLOADS_BASE_PATH } from '../../src/domain/constants';
import { isListingKind } from '../../src/domain/listing-kinds';
import { IMAGE_NOT_UPLOADED } from '../../src/domain/rent-post';
import { UPLOAD_FOLDERS, uploadedPhotoUrlPattern, type UploadKind } from '../../src/domain/uploaded-photo';
import type { Database } from '../db/client';
import { uploads, type StoredPhoto } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import type { ImageStorage } from './storage';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Who uploaded which photo. Each upload is a row of the `uploads` table (key, kind, the uploader's Firebase uid,
 * when it was made, when a record took it) beside its files in the image storage: one file for a profile photo,
 * a large version and a `-thumb` card version for rent photos and service covers.
 *
 * Every writer of a photo URL into a record (a profile, a rent post, a service) calls `attachUploads` in the
 * same transaction as its write: the URL must be the exact path of an upload of the right kind that exists and
 * is the caller's, and a listing photo must not be taken by another record yet. Then it is marked attached, so
 * the cleanup job (server/maintenance/cleanup.ts) keeps it; uploads never attached are removed after a day.
 */

export const PHOTO_ALREADY_USED_MESSAGE = (): string => m.server_photo_already_used();

/** The refusal, and the request field it names, for a URL that is not one of the caller's uploads. */
const NOT_UPLOADED: Record<UploadKind, { field: string; message: string }> = {
  profile: { field: 'profileImage', message: 'Profile image must be a photo uploaded to Basha' },
  rent: { field: 'imageUrls', message: IMAGE_NOT_UPLOADED },
  service: { field: 'coverImage', message: 'Cover image must be a photo uploaded to Basha' },
};

/** Listings' photos (rent photos, covers): each is shown by one listing only, and kept with a card thumbnail. */
function isListingPhoto(uploadKind: string): boolean {
  return isListingKind(uploadKind);
}

/** The card thumbnail beside a listing photo, as a key or a URL. */
export function thumbnailOf(keyOrUrl: string): string {
  return keyOrUrl.replace(/\.webp$/, '-thumb.webp');
}

/** Every file of an upload: its key, and its thumbnail's for listing photos. */
export function uploadFileKeys(upload: { key: string; kind: string }): string[] {
  return isListingPhoto(upload.kind) ? [upload.key, thumbnailOf(upload.key)] : [upload.key];
}

/** A freshly encoded upload: one WebP, plus its card thumbnail for listing photos. */
export interface EncodedUpload {
  large: Uint8Array;
  thumbnail?: Uint8Array;
}

export interface Uploader {
  kind: UploadKind;
  /** The caller's Firebase uid (a session's `firebaseUid`, or the verified Firebase token's `uid`). */
  uploaderUid: string;
}

/**
 * Records and stores one upload under a new key, not yet attached to anything, and answers its public URL. The
 * row comes first: if storing fails half-way, the row still names the files, and the cleanup job removes both.
 */
export async function saveUpload(
  deps: Pick<AppDeps, 'db' | 'images' | 'clock'>,
  uploader: Uploader,
  photo: EncodedUpload,
): Promise<string> {
  const key = `${UPLOAD_FOLDERS[uploader.kind]}/${randomUUID()}.webp`;
  await deps.db
    .insert(uploads)
    .values({ key, kind: uploader.kind, uploaderUid: uploader.uploaderUid, createdAt: deps.clock.now() });
  await deps.images.save(key, photo.large, 'image/webp');
  if (photo.thumbnail) await deps.images.save(thumbnailOf(key), photo.thumbnail, 'image/webp');
  return deps.images.url(key);
}

/** Removes uploads made by a request that then failed (all or nothing): their rows and files. */
export async function discardUploads(deps: Pick<AppDeps, 'db' | 'images'>, urls: readonly string[]): Promise<void> {
  const keys = urls.map((url) => keyOfUrl(url)).filter((key) => key !== undefined);
  if (keys.length === 0) return;
  const removed = await deps.db
    .delete(uploads)
    .where(inArray(uploads.key, keys))
    .returning({ key: uploads.key, kind: uploads.kind });
  await Promise.all(removed.flatMap(uploadFileKeys).map((key) => deps.images.remove(key)));
}

/** The storage key behind an upload's public URL, when the URL is exactly that of an upload of some kind. */
function keyOfUrl(url: string, kind?: UploadKind): string | undefined {
  const kinds = kind ? [kind] : (Object.keys(UPLOAD_FOLDERS) as UploadKind[]);
  return kinds.some((each) => uploadedPhotoUrlPattern(each).test(url))
    ? url.slice(`${UPLOADS_BASE_PATH}/`.length)
    : undefined;
}

/** The large photo and card thumbnail of a listing photo's URL (by the naming rule of `saveUpload`). */
export function listingPhotoOf(url: string): StoredPhoto {
  return { url, thumbnailUrl: thumbnailOf(url) };
}

/**
 * The one check before a record takes photo URLs, run inside the writer's transaction (`db`): each URL must be
 * exactly an upload of `uploader.kind` that exists (row and files) and was made by `uploader.uploaderUid`, and
 * (for rent photos and covers) is not attached to a record yet. Then each is marked attached. A profile photo
 * may be taken again by its owner (a profile that switches back to an earlier photo).
 *
 * 400 (naming the request field) for a URL that is not the caller's upload, 409 for a listing photo another
 * record already shows. Writers skip URLs their record already has (an edit that keeps its photo).
 */
export async function attachUploads(
  db: Database,
  storage: ImageStorage,
  urls: readonly string[],
  uploader: Uploader & { now: Date },
): Promise<void> {
  const { field, message } = NOT_UPLOADED[uploader.kind];
  const notUploaded = () => new HttpError(400, message, { errors: { [field]: [message] } });
  const alreadyUsed = () =>
    new HttpError(409, PHOTO_ALREADY_USED_MESSAGE(), { errors: { [field]: [PHOTO_ALREADY_USED_MESSAGE()] } });
  const singleUse = isListingPhoto(uploader.kind);

  for (const url of urls) {
    const key = keyOfUrl(url, uploader.kind);
    if (!key) throw notUploaded();
    const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
    if (!row || row.kind !== uploader.kind) throw notUploaded();
    // A photo that a listing shows is public: saying so tells nobody anything new.
    if (singleUse && row.attachedAt) throw alreadyUsed();
    if (row.uploaderUid !== uploader.uploaderUid) throw notUploaded();
    const present = await Promise.all(uploadFileKeys(row).map((fileKey) => storage.exists(fileKey)));
    if (!present.every(Boolean)) throw notUploaded();

    // Conditional, so that two writers racing for one photo cannot both take it (the second finds it taken).
    const taken = await db
      .update(uploads)
      .set({ attachedAt: row.attachedAt ?? uploader.now })
      .where(
        and(
          eq(uploads.key, key),
          eq(uploads.uploaderUid, uploader.uploaderUid),
          singleUse ? isNull(uploads.attachedAt) : undefined,
        ),
      )
      .returning({ key: uploads.key });
    if (taken.length === 0) throw singleUse ? alreadyUsed() : notUploaded();
  }
}
