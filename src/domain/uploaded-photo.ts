import { UPLOADS_BASE_PATH } from './constants';
import type { ListingKind } from './listing-kinds';

/**
 * Where each kind of upload is kept: `/uploads/<folder>/<uuid>.webp`, a listing photo's card thumbnail beside it
 * as `<uuid>-thumb.webp`. A record may name only the exact path of such an upload (never another host, another
 * folder or a path with `..` in it); the server also checks that the upload exists and is the caller's.
 */

/**
 * A profile photo, or a listing's photos (each listing kind has its folder; the `uploads` table's check lists the
 * same kinds). Listing photos are shown by one listing only, and kept with a card thumbnail.
 */
export type UploadKind = 'profile' | ListingKind;
export const UPLOAD_FOLDERS = {
  profile: 'profiles',
  rent: 'rent',
  service: 'services',
} as const satisfies Record<UploadKind, string>;

const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The exact public path of an upload of this kind (its large version, for listing photos). */
export function uploadedPhotoUrlPattern(kind: UploadKind): RegExp {
  return new RegExp(`^${UPLOADS_BASE_PATH}/${UPLOAD_FOLDERS[kind]}/${UUID_PATTERN}\\.webp$`);
}
