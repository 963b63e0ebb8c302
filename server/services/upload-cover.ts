import { Hono } from 'hono';
import { COVER_IMAGE_MAX_BYTES, COVER_IMAGE_SIZE_MESSAGE, COVER_IMAGE_TYPE_MESSAGE } from '../../src/domain/service';
import { uploadLimit } from '../http/limits';
import { requireSession, type AuthEnv } from '../auth/middleware';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { readMultipartForm } from '../http/multipart';
import { storeListingPhoto } from '../images/listing-photos';

/**
 * `POST /image/upload-services`: one service cover in the multipart field `serviceImages`. JPEG, PNG or GIF
 * recognised by content, under 5 MB, stored as metadata-free WebP (large + thumbnail). Answers `data.urls`
 * (the large version first, as the spec reads it) and `data.photos` with both versions.
 */
export function serviceImageRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.post('/upload-services', requireSession(deps), uploadLimit(deps), async (c) => {
    const form = await readMultipartForm(c.req.raw);
    const files = form.getAll('serviceImages');
    const [file] = files;
    if (files.length !== 1 || !(file instanceof File)) {
      throw new HttpError(400, 'Please choose one cover image to upload.', {
        errors: { serviceImages: ['Exactly one image file is required'] },
      });
    }
    if (file.size >= COVER_IMAGE_MAX_BYTES) throw new HttpError(413, COVER_IMAGE_SIZE_MESSAGE);
    const photo = await storeListingPhoto(deps.images, new Uint8Array(await file.arrayBuffer()), {
      folder: 'services',
      accept: ['jpeg', 'png', 'gif'],
      invalidMessage: COVER_IMAGE_TYPE_MESSAGE,
    });
    return ok(c, 'Image uploaded', { urls: [photo.url], photos: [photo] }, 201);
  });
  return routes;
}
