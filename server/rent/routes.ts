import { Hono } from 'hono';
import { IMAGE_NOT_UPLOADED } from '../../src/domain/rent-post';
import { newRentPostSchema } from '../../src/domain/rent-post-form';
import { INVALID_SYNC_CURSOR_MESSAGE, syncWindowFor } from '../../src/domain/sync-cursor';
import { requireSession, type AuthEnv } from '../auth/middleware';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { dbOf, idempotent } from '../http/idempotency';
import { forbidden, HttpError } from '../http/errors';
import { readJsonBody } from '../http/validate';
import { findStoredListingPhoto, removeListingPhotos } from '../images/listing-photos';
import { RENT_PHOTO_FOLDER } from './property-image-routes';
import {
  findLiveRentPost,
  findRentPostDetails,
  insertRentPost,
  isPhotoInUse,
  listRentPosts,
  rentPostChanges,
  toRentPost,
  tombstoneRentPost,
} from './rent-posts';

/** The rent endpoints of the shell spec, section 7, under /api/v1/rent. Every one needs a signed-in user. */

export const RENT_POST_NOT_FOUND_MESSAGE = 'Rent details not found!';
export const NOT_YOUR_RENT_POST_MESSAGE = 'You can only delete your own listings.';
export const PHOTO_ALREADY_USED_MESSAGE = 'This image is already used by another listing.';

export function rentRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const { db, clock } = deps;
  routes.use('*', requireSession(deps));

  // Without `since` the spec's full list; with it a delta `{changed, deleted, cursor}` (docs/api.md).
  routes.get('/rent-posts', async (c) => {
    const since = c.req.query('since');
    if (since === undefined) return ok(c, 'Rent posts', await listRentPosts(db));
    const window = syncWindowFor(since, clock.now());
    if (!window) throw new HttpError(400, INVALID_SYNC_CURSOR_MESSAGE);
    const changes = await rentPostChanges(db, window.changedAfter);
    return ok(c, 'Rent posts', { ...changes, cursor: window.cursor });
  });

  routes.get('/view-details/:id', async (c) => {
    const post = await findRentPostDetails(db, c.req.param('id'));
    if (!post) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE);
    return ok(c, 'Rent details', post);
  });

  // An outbox retry with the same Idempotency-Key gets the first answer instead of a second ad.
  routes.post(
    '/create',
    idempotent(deps, (c) => c.get('session').userId),
    async (c) => {
      const db = dbOf(c, deps);
      const userId = c.get('session').userId;
      const { imageUrls, ...fields } = await readJsonBody(c, newRentPostSchema);
      const photos = [];
      for (const url of imageUrls) {
        const photo = await findStoredListingPhoto(deps.images, url, RENT_PHOTO_FOLDER);
        if (!photo) throw new HttpError(400, IMAGE_NOT_UPLOADED, { errors: { imageUrls: [IMAGE_NOT_UPLOADED] } });
        if (await isPhotoInUse(db, photo.url)) throw new HttpError(409, PHOTO_ALREADY_USED_MESSAGE);
        photos.push(photo);
      }
      const row = await insertRentPost(db, userId, fields, photos, { now: clock.now() });
      return ok(c, 'Property ad posted successfully!', toRentPost(row), 201);
    },
  );

  routes.delete('/delete/:id', async (c) => {
    const existing = await findLiveRentPost(db, c.req.param('id'));
    if (!existing) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE);
    if (existing.userId !== c.get('session').userId) throw forbidden(NOT_YOUR_RENT_POST_MESSAGE);
    const deleted = await tombstoneRentPost(db, existing.id, clock.now());
    if (!deleted) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE);
    try {
      await removeListingPhotos(deps.images, deleted.photos);
    } catch (error) {
      // The listing is gone either way; a leftover file is only disk space.
      deps.logger?.error(`Could not remove the photos of rent post ${deleted.id}`, error);
    }
    return ok(c, 'Listing deleted', { _id: deleted.id });
  });

  return routes;
}
