import { Hono } from 'hono';
import { PLACE_REQUIRED_FOR_NEW_ADS } from '../../src/domain/places/place-rules';
import { editRentPostSchema, newRentPostSchema, rentStatusSchema } from '../../src/domain/rent-post-form';
import { INVALID_SYNC_CURSOR_MESSAGE, syncPageOf, syncReadFor } from '../../src/domain/sync-cursor';
import { requireVerifiedEmail } from '../accounts/verified-email';
import { sessionIfAny, sessionUnlessVisitorRead, type AuthEnv } from '../auth/middleware';
import { currentMarks, listEtag, MarkedCache, nothingWrittenAfter } from '../db/change-marks';
import { matchAlertsOnCommit } from '../alerts/alert-delivery';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { answerValidated, notModified, validated, validatedBody, type ValidatedBody } from '../http/etag';
import { idempotent, type IdempotentHandler } from '../http/idempotency';
import { forbidden, HttpError } from '../http/errors';
import { shownNumberLimit } from '../http/limits';
import { countListingChange } from '../http/posting-limit';
import { streamedList } from '../http/streamed-list';
import { readJsonBody } from '../http/validate';
import { visitorDelta, visitorPages, visitorRentPost, visitorRentPostDetails } from '../listings/visitor-view';
import { removeListingPhotos } from '../images/listing-photos';
import { attachUploads, listingPhotoOf } from '../images/uploads';
import { checkRentPlaceId } from '../places/place-input';
import {
  findLiveRentPost,
  findRentPostDetails,
  insertRentPostWithinLimit,
  liveRentPostPages,
  lockLiveRentPost,
  ownRentPosts,
  rentPostSyncPage,
  setRentPostStatus,
  toRentPost,
  tombstoneRentPost,
  updateRentPost,
} from './rent-posts';
import { detachReplacedRentPhotos } from './replaced-photos';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * The rent endpoints of the shell spec, section 7, under /api/v1/rent. Every one needs a signed-in user but the
 * list, the details and a details' phone number, which a visitor (no token at all) reads too, with public fields
 * only (server/listings/visitor-view.ts, issue 40).
 */

export const RENT_POST_NOT_FOUND_MESSAGE = (): string => m.server_rent_post_not_found();
export const NOT_YOUR_RENT_POST_MESSAGE = (): string => m.server_not_your_rent_post();
/** Rent details kept ready per server process (a detail is the poster's row and name: rent_posts and users). */
const DETAILS_KEPT = 2000;
/** The reads open to visitors: the list (and its delta sync), an ad's details and its phone number. */
const VISITOR_READS = /\/rent\/(rent-posts|view-details\/[^/]+(\/phone)?)$/;

export function rentRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  // No `db` of the module's own: a handler uses `deps.db`, or behind idempotent() the one it is handed.
  const { clock } = deps;
  routes.use(
    '*',
    sessionUnlessVisitorRead(deps, (path) => VISITOR_READS.test(path)),
  );
  const details = new MarkedCache<ValidatedBody>(['rent_posts', 'users'], DETAILS_KEPT);
  const visitorDetails = new MarkedCache<ValidatedBody>(['rent_posts', 'users'], DETAILS_KEPT);
  const numbersShown = shownNumberLimit(deps);

  // Without `since` the spec's full list, streamed, its ETag the table's change mark (read before the list, so a
  // write in between only costs a needless 200 later); with it one page of a delta `{changed, deleted, cursor,
  // more}` (docs/api.md, Delta sync), empty without reading the table when nothing was written after the cursor.
  // Neither holds more than a page of posts in memory.
  // A visitor's list has its own ETag (`rent-posts-public-...`): a phone that signs in or out never keeps the
  // other's copy on a 304.
  routes.get('/rent-posts', async (c) => {
    const visitor = !sessionIfAny(c);
    const since = c.req.query('since');
    if (since === undefined) {
      const etag = listEtag(visitor ? 'rent-posts-public' : 'rent-posts', (await currentMarks(deps.db)).rent_posts);
      const pages = liveRentPostPages(deps.db);
      return (
        notModified(c, etag) ??
        streamedList(
          c,
          'Rent posts',
          visitor ? visitorPages(pages, visitorRentPost) : pages,
          deps.logger,
          validated(etag),
        )
      );
    }
    const read = syncReadFor(since, clock.now());
    if (!read) throw new HttpError(400, INVALID_SYNC_CURSOR_MESSAGE);
    if (nothingWrittenAfter((await currentMarks(deps.db)).rent_posts, read.after)) {
      return ok(c, 'Rent posts', syncPageOf(read, [], false));
    }
    const page = await rentPostSyncPage(deps.db, read);
    return ok(c, 'Rent posts', visitor ? visitorDelta(page, visitorRentPost) : page);
  });

  routes.get('/view-details/:id', async (c) => {
    const id = c.req.param('id').toLowerCase();
    const visitor = !sessionIfAny(c);
    const answer = await (visitor ? visitorDetails : details).get(deps.db, id, async () => {
      const post = await findRentPostDetails(deps.db, id);
      return post && validatedBody('Rent details', visitor ? visitorRentPostDetails(post) : post);
    });
    if (!answer) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE());
    return answerValidated(c, answer);
  });

  // "Show number": the ad's phone number alone. A visitor's requests are counted per client address
  // (SHOWN_NUMBERS_PER_ADDRESS_PER_HOUR), before the ad is looked up; a signed-in person, who has the number in
  // the details anyway, is not counted. Like every API answer without a validator, `no-store`.
  routes.get('/view-details/:id/phone', async (c) => {
    if (!sessionIfAny(c)) await numbersShown(c, () => Promise.resolve());
    const post = await findRentPostDetails(deps.db, c.req.param('id').toLowerCase());
    if (!post) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE());
    return ok(c, 'Phone number', { _id: post._id, contactInfo: post.contactInfo });
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
        await matchAlertsOnCommit(deps.jobs, db, 'rent', row.id);
        return ok(c, m.server_rent_posted(), toRentPost(row), 201);
      },
    ),
  );

  // Changes an outbox may send again after a lost answer carry an Idempotency-Key: the retry gets the first answer
  // instead of writing the change once more over whatever changed since (an edit made on another phone).
  const idempotentForUser = <P extends string>(handler: IdempotentHandler<AuthEnv, P>) =>
    idempotent(deps, (c) => c.get('session').userId, handler);

  // The poster's own ads, listed or not: the profile page asks them to confirm the stale ones (decision 0013).
  routes.get('/my-posts', async (c) => ok(c, 'Your rent posts', await ownRentPosts(deps.db, c.get('session').userId)));

  // Owner only. The whole ad as the add form sends it, by the same rules; `imageUrls` is the new list of photos:
  // the ones it keeps, and new uploads of the poster's own. Photos it no longer shows are let go (replaced-photos.ts).
  routes.patch(
    '/update/:id',
    // The path named again: for a lone handler TypeScript does not infer it from the route.
    idempotentForUser<'/update/:id'>(async (c, db) => {
      const session = c.get('session');
      // Who may edit is answered before what was sent: a stranger learns nothing from our validation messages.
      const existing = await findLiveRentPost(db, c.req.param('id'));
      if (!existing) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE());
      if (existing.userId !== session.userId) throw forbidden(NOT_YOUR_RENT_POST_MESSAGE());
      const { imageUrls, ...fields } = await readJsonBody(c, editRentPostSchema(existing.rentStartDate));
      checkRentPlaceId(fields.placeId, false);
      const row = await db.transaction(async (tx) => {
        await countListingChange(tx, session.userId, clock.now());
        // Locked, so that a delete or another edit running at the same moment waits, then sees this one.
        const locked = await lockLiveRentPost(tx, existing.id);
        if (!locked) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE());
        if (locked.userId !== session.userId) throw forbidden(NOT_YOUR_RENT_POST_MESSAGE());
        const had = new Set(locked.photos.map((photo) => photo.url));
        const added = imageUrls.filter((url) => !had.has(url));
        const uploader = { kind: 'rent', uploaderUid: session.firebaseUid, now: clock.now() } as const;
        await attachUploads(tx, deps.images, added, uploader);
        const photos = imageUrls.map(listingPhotoOf);
        const kept = new Set(imageUrls);
        await detachReplacedRentPhotos(
          tx,
          locked.photos.filter((photo) => !kept.has(photo.url)),
        );
        return updateRentPost(tx, locked.id, fields, photos, clock.now());
      });
      // An edit lists an unlisted ad again, and may bring it within alerts it missed.
      await matchAlertsOnCommit(deps.jobs, db, 'rent', row.id);
      return ok(c, m.server_rent_manage_updated(), toRentPost(row));
    }),
  );

  // Owner only: Booked or Active. Either is the poster confirming the ad, so it also answers the profile's "still
  // available?" (decision 0013).
  routes.patch(
    '/status/:id',
    idempotentForUser<'/status/:id'>(async (c, db) => {
      const existing = await findLiveRentPost(db, c.req.param('id'));
      if (!existing) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE());
      if (existing.userId !== c.get('session').userId) throw forbidden(NOT_YOUR_RENT_POST_MESSAGE());
      const { status } = await readJsonBody(c, rentStatusSchema);
      const row = await db.transaction(async (tx) => {
        await countListingChange(tx, existing.userId, clock.now());
        // Deleted meanwhile: the refusal takes its count back with it.
        const changed = await setRentPostStatus(tx, existing.id, status, clock.now());
        if (!changed) throw new HttpError(404, RENT_POST_NOT_FOUND_MESSAGE());
        return changed;
      });
      if (status === 'Active') await matchAlertsOnCommit(deps.jobs, db, 'rent', row.id);
      return ok(
        c,
        status === 'Booked' ? m.server_rent_manage_booked() : m.server_rent_manage_available(),
        toRentPost(row),
      );
    }),
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
