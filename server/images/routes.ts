import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { PROFILE_IMAGE_MAX_BYTES } from '../../src/domain/constants';
import { requireAnyToken, type AuthEnv } from '../auth/middleware';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { readMultipartForm } from '../http/multipart';
import { uploadLimit } from '../http/limits';
import { toWebp } from './process-image';

/** Image uploads under /api/v1/image. */

export const PROFILE_IMAGE_TOO_LARGE_MESSAGE = 'Image size should be less than 5MB';
// Stored profile photos: inside 800x800, WebP at quality 80 (the client already sends about 800x600 JPEGs).
const PROFILE_IMAGE_STORED_MAX_PX = 800;
const PROFILE_IMAGE_WEBP_QUALITY = 80;

export function imageRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();

  routes.post('/upload-profile', requireAnyToken(deps), uploadLimit(deps), async (c) => {
    const file = await singleFile(c.req.raw, 'profileImage');
    // Same rule as the form (src/domain/image-file.ts): the photo must be under 5 MB.
    if (file.size >= PROFILE_IMAGE_MAX_BYTES) throw new HttpError(413, PROFILE_IMAGE_TOO_LARGE_MESSAGE);
    const image = await toWebp(new Uint8Array(await file.arrayBuffer()), {
      maxWidth: PROFILE_IMAGE_STORED_MAX_PX,
      maxHeight: PROFILE_IMAGE_STORED_MAX_PX,
      quality: PROFILE_IMAGE_WEBP_QUALITY,
    });
    const key = `profiles/${randomUUID()}.webp`;
    await deps.images.save(key, image.bytes, image.contentType);
    return ok(c, 'Image uploaded', { url: deps.images.url(key) }, 201);
  });

  return routes;
}

/** The one file sent in a multipart field; 415 for another body type, 400 when the field is missing or repeated. */
async function singleFile(request: Request, field: string): Promise<File> {
  const form = await readMultipartForm(request);
  const values = form.getAll(field);
  const [value] = values;
  if (values.length === 0 || !(value instanceof File)) {
    throw new HttpError(400, 'Please choose an image to upload.', {
      errors: { [field]: ['An image file is required'] },
    });
  }
  if (values.length > 1) {
    throw new HttpError(400, 'Please upload one image at a time.', {
      errors: { [field]: ['Only one file is allowed'] },
    });
  }
  return value;
}
