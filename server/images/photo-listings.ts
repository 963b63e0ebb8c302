import { eq, sql } from 'drizzle-orm';
import { UPLOADS_BASE_PATH } from '../../src/domain/constants';
import { LISTING_KINDS, type ListingKind } from '../../src/domain/listing-kinds';
import { hasPublicRentPage, isPublicService } from '../../src/domain/public-pages';
import { UPLOAD_FOLDERS } from '../../src/domain/uploaded-photo';
import type { Database } from '../db/client';
import { rentPosts, services, users } from '../db/schema';

/**
 * Which listing shows a stored photo, asked from the listing's own row (its `photos` or `cover_image`, each with a
 * GIN index), so that the answer follows the listing's state as it is now: hidden by a moderator or deleted, the
 * photo is withheld; shown again, it is served again. Nothing is copied or moved when a listing changes.
 *
 * - `/uploads/<key>` serves a listing photo (and its card thumbnail) unless the listing showing it is deleted or
 *   hidden (server/http/static.ts). Photos no listing shows (profile photos, uploads not attached yet) are not
 *   listing photos here and are served as before.
 * - `/share/og/<key>.jpg` renders only the photo of a listing whose public page is shown (server/share/).
 */

export interface PhotoListing {
  /** Not deleted and not hidden: its photos are served to the app. */
  live: boolean;
  /** Its public page is shown to anyone (server/share/public-listings.ts): its photos may have previews. */
  public: boolean;
}

const FOLDER_KINDS = new Map<string, ListingKind>(LISTING_KINDS.map((kind) => [UPLOAD_FOLDERS[kind], kind]));

/**
 * The listing kind and the large photo's URL of a storage key in a listing folder (`rent/<id>.webp`, or its
 * `rent/<id>-thumb.webp` thumbnail), or undefined for any other key (a profile photo).
 */
export function listingPhotoOfKey(key: string): { kind: ListingKind; url: string } | undefined {
  const slash = key.indexOf('/');
  const kind = FOLDER_KINDS.get(key.slice(0, slash));
  if (!kind) return undefined;
  return { kind, url: `${UPLOADS_BASE_PATH}/${key.replace(/-thumb\.webp$/, '.webp')}` };
}

const SHOWING: Record<ListingKind, (db: Database, url: string) => Promise<PhotoListing[]>> = {
  rent: async (db, url) => {
    const rows = await db
      .select({
        deletedAt: rentPosts.deletedAt,
        status: rentPosts.status,
        unlistedAt: rentPosts.unlistedAt,
        posterStatus: users.status,
      })
      .from(rentPosts)
      .innerJoin(users, eq(users.id, rentPosts.userId))
      .where(sql`${rentPosts.photos} @> ${JSON.stringify([{ url }])}::jsonb`)
      .limit(2);
    return rows.map((row) => ({
      live: row.deletedAt === null,
      public: row.deletedAt === null && row.posterStatus === 'active' && hasPublicRentPage(row),
    }));
  },
  service: async (db, url) => {
    const rows = await db
      .select({ deletedAt: services.deletedAt, status: services.status, providerStatus: users.status })
      .from(services)
      .innerJoin(users, eq(users.id, services.providerId))
      .where(sql`${services.coverImage} @> ${JSON.stringify({ url })}::jsonb`)
      .limit(2);
    return rows.map((row) => ({
      live: row.deletedAt === null,
      public: row.deletedAt === null && row.providerStatus === 'active' && isPublicService(row),
    }));
  },
};

/**
 * The listing that shows the photo stored under `key` (or whose thumbnail it is), or undefined when the key is not
 * a listing photo or no listing shows it. A photo is shown by one listing (server/images/uploads.ts); were it
 * ever shown by two, the one that may show it most decides.
 */
export async function listingShowingPhoto(db: Database, key: string): Promise<PhotoListing | undefined> {
  const photo = listingPhotoOfKey(key);
  if (!photo) return undefined;
  const listings = await SHOWING[photo.kind](db, photo.url);
  if (listings.length === 0) return undefined;
  return {
    live: listings.some((listing) => listing.live),
    public: listings.some((listing) => listing.public),
  };
}

/** Whether `/uploads/<key>` may be served: anything but a photo whose listing is deleted or hidden. */
export async function isPhotoServed(db: Database, key: string): Promise<boolean> {
  const listing = await listingShowingPhoto(db, key);
  return listing === undefined || listing.live;
}
