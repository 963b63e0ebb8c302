import { Hono } from 'hono';
import { SERVICE_PLACES_REQUIRED_FOR_NEW_SERVICES } from '../../src/domain/places/place-rules';
import { editServiceSchema, newServiceSchema } from '../../src/domain/service-form';
import { reviewPayloadSchema } from '../../src/domain/review-form';
import { parseServiceCategory } from '../../src/domain/service-category';
import { INVALID_SYNC_CURSOR_MESSAGE, syncPageOf, syncReadFor } from '../../src/domain/sync-cursor';
import { requireVerifiedEmail } from '../accounts/verified-email';
import { assertSessionOwns, sessionIfAny, sessionUnlessVisitorRead, type AuthEnv } from '../auth/middleware';
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
import { visitorDelta, visitorPages, visitorService } from '../listings/visitor-view';
import { checkServicePlaceIds } from '../places/place-input';
import { attachUploads } from '../images/uploads';
import {
  createService,
  deleteService,
  findService,
  findServiceRow,
  liveServicePages,
  lockLiveService,
  saveReview,
  serviceSyncPage,
  SERVICE_NOT_FOUND_MESSAGE,
  updateService,
} from './service-store';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * The professional-service endpoints of the accounts spec, section 7, under /api/v1/profession. The lists, the
 * details and a details' phone number are open to visitors (no token at all), with public fields only
 * (server/listings/visitor-view.ts, issue 40); everything else needs a session.
 */

export const NOT_YOUR_SERVICE_MESSAGE = (): string => m.server_not_your_service();
export const OWN_SERVICE_REVIEW_MESSAGE = (): string => m.server_own_service_review();
export const CATEGORY_FIXED_MESSAGE = (): string => m.server_category_fixed();
export const NOT_YOUR_SERVICE_DELETE_MESSAGE = (): string => m.server_not_your_service_delete();
export const SERVICE_DELETED_MESSAGE = (): string => m.server_service_deleted();
/**
 * Service details kept ready per server process. A detail is the service, its reviews and people's names: a
 * review and a new name touch the service (service-store.ts), and users is watched as well.
 */
const DETAILS_KEPT = 2000;
/** The reads open to visitors: a category's list (and its delta sync), a service's details and its phone number. */
const VISITOR_READS = /\/profession\/(find-services\/[^/]+|view-details\/[^/]+(\/phone)?)$/;

export function serviceRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  // No `db` of the module's own: a handler uses `deps.db`, or behind idempotent() the one it is handed.
  const { clock } = deps;
  routes.use(
    '*',
    sessionUnlessVisitorRead(deps, (path) => VISITOR_READS.test(path)),
  );
  const verifiedEmail = requireVerifiedEmail();
  const details = new MarkedCache<ValidatedBody>(['services', 'users'], DETAILS_KEPT);
  const visitorDetails = new MarkedCache<ValidatedBody>(['services', 'users'], DETAILS_KEPT);
  const numbersShown = shownNumberLimit(deps);

  // Posts that an offline outbox may retry carry an Idempotency-Key: a retry gets the first answer.
  const idempotentForUser = <P extends string>(handler: IdempotentHandler<AuthEnv, P>) =>
    idempotent(deps, (c) => c.get('session').userId, handler);

  routes.post(
    '/create-profile/:userId',
    verifiedEmail,
    idempotentForUser(async (c, db) => {
      const session = c.get('session');
      assertSessionOwns(session, c.req.param('userId'));
      const input = await readJsonBody(c, newServiceSchema);
      if (input.provider !== undefined && input.provider.toLowerCase() !== session.userId) {
        throw forbidden(m.server_offer_as_yourself());
      }
      checkServicePlaceIds(input.servicePlaceIds, SERVICE_PLACES_REQUIRED_FOR_NEW_SERVICES);
      // The cover must be the provider's own unused upload; it is taken in the same transaction as the service.
      const id = await db.transaction(async (tx) => {
        const cover = { kind: 'service', uploaderUid: session.firebaseUid, now: clock.now() } as const;
        if (input.coverImage) await attachUploads(tx, deps.images, [input.coverImage], cover);
        return createService(tx, session.userId, input, clock.now());
      });
      await matchAlertsOnCommit(deps.jobs, db, 'service', id);
      return ok(c, m.server_service_created(), await findService(db, id), 201);
    }),
  );

  routes.get('/find-services/:category', async (c) => {
    const category = parseServiceCategory(c.req.param('category'));
    if (!category) throw new HttpError(404, m.server_category_not_found());
    const visitor = !sessionIfAny(c);
    // Without `since` the spec's full list, streamed; with it one page of a delta `{changed, deleted, cursor,
    // more}` (docs/api.md, Delta sync). Neither holds more than a page of services in memory. As for rent posts
    // (server/rent/routes.ts), the services' change mark gives the list its ETag (a visitor's list its own) and
    // answers an empty delta; a new review or a provider's new name touches the services it shows on, so the mark
    // covers them.
    const since = c.req.query('since');
    if (since === undefined) {
      const prefix = visitor ? `services-public-${category}` : `services-${category}`;
      const etag = listEtag(prefix, (await currentMarks(deps.db)).services);
      const pages = liveServicePages(deps.db, category);
      return (
        notModified(c, etag) ??
        streamedList(
          c,
          'Services found',
          visitor ? visitorPages(pages, visitorService) : pages,
          deps.logger,
          validated(etag),
        )
      );
    }
    const read = syncReadFor(since, clock.now());
    if (!read) throw new HttpError(400, INVALID_SYNC_CURSOR_MESSAGE);
    if (nothingWrittenAfter((await currentMarks(deps.db)).services, read.after)) {
      return ok(c, 'Services found', syncPageOf(read, [], false));
    }
    const page = await serviceSyncPage(deps.db, category, read);
    return ok(c, 'Services found', visitor ? visitorDelta(page, visitorService) : page);
  });

  routes.get('/view-details/:id', async (c) => {
    const id = c.req.param('id').toLowerCase();
    const visitor = !sessionIfAny(c);
    const answer = await (visitor ? visitorDetails : details).get(deps.db, id, async () => {
      const service = await findService(deps.db, id);
      return service && validatedBody('Service found', visitor ? visitorService(service) : service);
    });
    if (!answer) throw new HttpError(404, SERVICE_NOT_FOUND_MESSAGE());
    return answerValidated(c, answer);
  });

  // "Show number": the provider's contact number alone, counted per client address for a visitor as a rent ad's
  // (server/rent/routes.ts); a signed-in person has it in the details and is not counted.
  routes.get('/view-details/:id/phone', async (c) => {
    if (!sessionIfAny(c)) await numbersShown(c, () => Promise.resolve());
    const row = await findServiceRow(deps.db, c.req.param('id'));
    if (!row) throw new HttpError(404, SERVICE_NOT_FOUND_MESSAGE());
    return ok(c, 'Phone number', { _id: row.id, contactNumber: row.contactNumber });
  });

  // An edit made offline is sent by the outbox with an Idempotency-Key: a retry after a lost answer gets that
  // answer again instead of writing the edit once more over whatever changed since (another phone's edit).
  routes.patch(
    '/update-profile/:serviceId',
    // The path named again: for a lone handler TypeScript does not infer it from the route.
    idempotentForUser<'/update-profile/:serviceId'>(async (c, db) => {
      const session = c.get('session');
      // Who may edit is answered before what was sent: a stranger learns nothing from our validation messages.
      const existing = await findServiceRow(db, c.req.param('serviceId'));
      if (!existing) throw new HttpError(404, SERVICE_NOT_FOUND_MESSAGE());
      if (existing.providerId !== session.userId) throw forbidden(NOT_YOUR_SERVICE_MESSAGE());
      const input = await readJsonBody(c, editServiceSchema);
      checkServicePlaceIds(input.servicePlaceIds, false);
      const id = await db.transaction(async (tx) => {
        await countListingChange(tx, session.userId, clock.now());
        // Locked, so that a delete running at the same moment cannot leave a new cover on a deleted service.
        const row = await lockLiveService(tx, c.req.param('serviceId'));
        if (!row) throw new HttpError(404, SERVICE_NOT_FOUND_MESSAGE());
        if (row.providerId !== session.userId) throw forbidden(NOT_YOUR_SERVICE_MESSAGE());
        if (input.category !== undefined && input.category !== row.category)
          throw new HttpError(400, CATEGORY_FIXED_MESSAGE());
        // A new cover must be the provider's own unused upload; the cover the service already has may stay.
        const newCover = input.coverImage && input.coverImage !== row.coverImage?.url ? input.coverImage : undefined;
        const cover = { kind: 'service', uploaderUid: session.firebaseUid, now: clock.now() } as const;
        if (newCover) await attachUploads(tx, deps.images, [newCover], cover);
        await updateService(tx, row, input, clock.now());
        return row.id;
      });
      // Switched back to active, or edited into alerts it missed.
      await matchAlertsOnCommit(deps.jobs, db, 'service', id);
      return ok(c, m.server_service_updated(), await findService(db, id));
    }),
  );

  // Owner only. Answers 200 again for the owner's service that is already deleted, so that a retry whose first
  // answer was lost (ky retries a DELETE on a network error) does not show an error for what did happen.
  routes.delete('/delete/:serviceId', async (c) => {
    const result = await deleteService(deps.db, c.req.param('serviceId'), c.get('session').userId, clock.now());
    if (result.type === 'not-found') throw new HttpError(404, SERVICE_NOT_FOUND_MESSAGE());
    if (result.type === 'not-yours') throw forbidden(NOT_YOUR_SERVICE_DELETE_MESSAGE());
    if (result.type === 'deleted') {
      // After commit: storage is not part of the transaction. A file left behind is only disk space.
      const removed = await Promise.allSettled(result.coverFiles.map((key) => deps.images.remove(key)));
      for (const outcome of removed) {
        if (outcome.status === 'rejected') {
          deps.logger?.error(`Could not remove the cover of service ${result.id}`, outcome.reason);
        }
      }
    }
    return ok(c, SERVICE_DELETED_MESSAGE(), { _id: result.id });
  });

  routes.post(
    '/add-feedback/:serviceId',
    verifiedEmail,
    idempotentForUser(async (c, db) => {
      const session = c.get('session');
      const row = await findServiceRow(db, c.req.param('serviceId'));
      if (!row) throw new HttpError(404, SERVICE_NOT_FOUND_MESSAGE());
      if (row.providerId === session.userId) throw forbidden(OWN_SERVICE_REVIEW_MESSAGE());
      const input = await readJsonBody(c, reviewPayloadSchema);
      const { replaced } = await saveReview(
        db,
        { serviceId: row.id, clientId: session.userId, rating: input.rating, feedback: input.feedback },
        clock.now(),
      );
      const service = await findService(db, row.id);
      return ok(
        c,
        replaced ? 'Your review was updated' : 'Thank you for your feedback!',
        service,
        replaced ? 200 : 201,
      );
    }),
  );

  return routes;
}
