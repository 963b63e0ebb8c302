import { Hono } from 'hono';
import { PLACE_REQUIRED_FOR_NEW_ADS } from '../../src/domain/places/place-rules';
import { newRentPostSchema } from '../../src/domain/rent-post-form';
import { INVALID_SYNC_CURSOR_MESSAGE, syncPageOf, syncReadFor } from '../../src/domain/sync-cursor';
import { requireVerifiedEmail } from '../accounts/verified-email';
import { requireSession, type AuthEnv } from '../auth/middleware';
import { currentMarks, listEtag, MarkedCache, nothingWrittenAfter } from '../db/change-marks';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { answerValidated, notModified, validated, validatedBody, type ValidatedBody } from '../http/etag';
import { idempotent } from '../http/idempotency';
import { forbidden, HttpError } from '../http/errors';
import { streamedList } from '../http/streamed-list';
import { readJsonBody } from '../http/validate';
import { removeListingPhotos } from '../images/listing-photos';
import { attachUploads, listingPhotoOf } from '../images/uploads';
import { checkRentPlaceId } from '../places/place-input';
import {
  findLiveRentPost,
  findRentPostDetails,
  insertRentPostWithinLimit,
  liveRentPostPages,
  rentPostSyncPage,
  toRentPost,
  tombstoneRentPost,
} from './rent-posts';
import { m } from '../../src/i18n/generated/messages.js';

/** The rent endpoints of the shell spec, section 7, under /api/v1/rent. Every one needs a signed-in user. */

export const RENT_POST_NOT_FOUND_MESSAGE = (): string => m.server_rent_post_not_found();
export const NOT_YOUR_RENT_POST_MESSAGE = (): string => m.server_not_your_rent_post();
/** Rent details kept ready per server process (a detail is the poster's row and name: rent_posts and users). */
const DETAILS_KEPT = 2000;

export function rentRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  // No `db` of the module's own: a handler uses `deps.db`, or behind idempotent() the one it is handed.
  const { clock } = deps;
  routes.use('*', requireSession(deps));
  const details = new MarkedCache<ValidatedBody>(['rent_posts', 'users'], DETAILS_KEPT);

  // Without `since` the spec's full list, streamed, its ETag the table's change mark (read before the list, so a
  // write in between only costs a needless 200 later); with it one page of a delta `{changed, deleted, cursor,
  // more}` (docs/api.md, Delta sync), empty without reading the table when nothing was written after the cursor.
  // Neither holds more than a page of posts in memory.
  routes.get('/rent-posts', async (c) => {
    const since = c.req.query('since');
    if (since === undefined) {
      const etag = listEtag('rent-posts', (await currentMarks(deps.db)).rent_posts);
      return (
        notModified(c, etag) ?? streamedList(c, 'Rent posts', liveRentPostPages(deps.db), deps.logger, validated(etag))
      );
    }
    const read = syncReadFor(since, clock.now());
    if (!read) throw new HttpError(400, INVALID_SYNC_CURSOR_MESSAGE);
    if (nothingWrittenAfter((await currentMarks(deps.db)).rent_posts, read.after)) {
      return ok(c, 'Rent posts', syncPageOf(read, [], false));
    }
    return ok(c, 'Rent posts', await rentPostSyncPage(deps.db, read));
  });

  routes.get('/view-details/:id', async (c) => {
    const id = c.req.param('id').toLowerCase();
    const answer = await details.get(deps.db, id, async () => {
      const post = await findRentPostDetails(deps.db, id);
      return post && validatedBody('Rent details', post);
    });
    if (!answer) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE());
    return answerValidated(c, answer);
  });

  // An outbox retry with the same Idempotency-Key gets the first answer instead of a second ad.
  routes.post(
    '/create',
    requireVerifiedEmail(),
    idempotent<AuthEnv, '/create'>(
      deps,
      (c) => c.get('session').userId,
      async (c, db) => {
        const userId = c.get('session').userId;
        const { imageUrls, ...fields } = await readJsonBody(c, newRentPostSchema);
        checkRentPlaceId(fields.placeId, PLACE_REQUIRED_FOR_NEW_ADS);
        // The photos must be the poster's own unused uploads; they are taken in the same transaction as the ad.
        const row = await db.transaction(async (tx) => {
          const uploader = { kind: 'rent', uploaderUid: c.get('session').firebaseUid, now: clock.now() } as const;
          await attachUploads(tx, deps.images, imageUrls, uploader);
          return insertRentPostWithinLimit(tx, userId, fields, imageUrls.map(listingPhotoOf), { now: clock.now() });
        });
        return ok(c, m.server_rent_posted(), toRentPost(row), 201);
      },
    ),
  );

  routes.delete('/delete/:id', async (c) => {
    const existing = await findLiveRentPost(deps.db, c.req.param('id'));
    if (!existing) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE());
    if (existing.userId !== c.get('session').userId) throw forbidden(NOT_YOUR_RENT_POST_MESSAGE());
    const deleted = await tombstoneRentPost(deps.db, existing.id, clock.now());
    if (!deleted) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE());
    try {
      await removeListingPhotos(deps.images, deleted.photos);
    } catch (error) {
      // The listing is gone either way; a leftover file is only disk space.
      deps.logger?.error(`Could not remove the photos of rent post ${deleted.id}`, error);
    }
    return ok(c, m.server_listing_deleted(), { _id: deleted.id });
  });

  return routes;
}
