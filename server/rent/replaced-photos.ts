import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { uploads, type StoredPhoto } from '../db/schema';
import { storageKeyOf } from '../images/listing-photos';

/**
 * Lets go of the photos an edit took off an ad, inside the edit's transaction: their uploads are marked unattached
 * again, and the cleanup job (server/maintenance/cleanup.ts) removes them with their files as it removes any upload
 * no record took (at its next run, for a photo uploaded over a day ago). Nothing is removed before the edit commits,
 * and an edit from another phone that still shows the photo may take it back meanwhile. Only rent uploads are
 * touched: demo photos are shared files with no upload row.
 */
export async function detachReplacedRentPhotos(db: Database, photos: readonly StoredPhoto[]): Promise<void> {
  const keys = photos.flatMap((photo) => storageKeyOf(photo.url) ?? []);
  if (keys.length === 0) return;
  await db
    .update(uploads)
    .set({ attachedAt: null })
    .where(and(inArray(uploads.key, keys), eq(uploads.kind, 'rent')));
}
