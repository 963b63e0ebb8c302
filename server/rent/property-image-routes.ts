import { Hono } from 'hono';
import { IMAGE_TOO_LARGE, INVALID_IMAGE_FILE, RENT_IMAGE_MAX_BYTES, RENT_IMAGES_MAX } from '../../src/domain/rent-post';
import { uploadLimit } from '../http/limits';
import { requireSession, type AuthEnv } from '../auth/middleware';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { readMultipartForm } from '../http/multipart';
import { removeListingPhotos, storeListingPhoto } from '../images/listing-photos';
import type { StoredPhoto } from '../db/schema';

/**
 * `POST /image/upload-properties`: up to five photos of a rent ad in the repeated field `propertyImage`. Each is
 * recognised by its bytes, re-encoded without metadata and kept as a large photo and a card thumbnail.
 */

export const RENT_PHOTO_FOLDER = 'rent';
export const PROPERTY_IMAGE_FIELD = 'propertyImage';
export const PROPERTY_UPLOAD_PATH = '/upload-properties';
/** Five photos of 5 MB each and the multipart framing around them. */
export const PROPERTY_UPLOAD_BODY_MAX_BYTES = RENT_IMAGES_MAX * RENT_IMAGE_MAX_BYTES + 256 * 1024;
export const NO_PROPERTY_IMAGE_MESSAGE = 'Please add at least one image!';
export const TOO_MANY_PROPERTY_IMAGES_MESSAGE = `You can upload up to ${RENT_IMAGES_MAX} images at once.`;

export function propertyImageRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();

  routes.post(PROPERTY_UPLOAD_PATH, requireSession(deps), uploadLimit(deps), async (c) => {
    const files = await propertyFiles(c.req.raw);
    const stored: StoredPhoto[] = [];
    try {
      for (const file of files) {
        const bytes = new Uint8Array(await file.arrayBuffer());
        stored.push(await storeListingPhoto(deps.images, bytes, { folder: RENT_PHOTO_FOLDER }));
      }
    } catch (error) {
      // All or nothing: a refused third photo leaves no orphaned first and second.
      await removeListingPhotos(deps.images, stored).catch(() => undefined);
      throw error;
    }
    return ok(
      c,
      'Images uploaded',
      { urls: stored.map((photo) => photo.url), thumbnailUrls: stored.map((photo) => photo.thumbnailUrl) },
      201,
    );
  });

  return routes;
}

async function propertyFiles(request: Request): Promise<File[]> {
  const form = await readMultipartForm(request);
  const values = form.getAll(PROPERTY_IMAGE_FIELD);
  const files = values.filter((value): value is File => value instanceof File);
  if (files.length === 0) {
    throw new HttpError(400, NO_PROPERTY_IMAGE_MESSAGE, {
      errors: { [PROPERTY_IMAGE_FIELD]: [NO_PROPERTY_IMAGE_MESSAGE] },
    });
  }
  if (files.length !== values.length) throw new HttpError(415, INVALID_IMAGE_FILE);
  if (files.length > RENT_IMAGES_MAX) throw new HttpError(400, TOO_MANY_PROPERTY_IMAGES_MESSAGE);
  if (files.some((file) => file.size > RENT_IMAGE_MAX_BYTES)) throw new HttpError(413, IMAGE_TOO_LARGE);
  return files;
}
