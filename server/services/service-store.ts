import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { NewServiceValues, EditServiceValues } from '../../src/domain/service-form';
import {
  coverThumbnailOf,
  MAX_SERVICES_PER_USER,
  serviceLimitMessage,
  type AvailableTime,
  type ReviewRecord,
  type ServiceRecord,
  type ServiceStatus,
  type Weekday,
} from '../../src/domain/service';
import type { ServiceCategory } from '../../src/domain/service-category';
import {
  nextPostAllowedAt,
  POSTING_WINDOW_MS,
  REVIEWS_PER_DAY,
  reviewLimitMessage,
} from '../../src/domain/posting-limits';
import {
  SYNC_PAGE_MAX_ROWS,
  syncPageOf,
  type SyncDelta,
  type SyncPosition,
  type SyncRead,
} from '../../src/domain/sync-cursor';
import { isUuid } from '../accounts/users';
import type { Database } from '../db/client';
import { epochMicros, LIST_PAGE_ROWS, positionOf, rowsAfter } from '../db/keyset';
import { requests, reviews, services, uploads, users, type ServiceRow, type StoredPhoto } from '../db/schema';
import { HttpError } from '../http/errors';
import { storageKeyOf } from '../images/listing-photos';
import { uploadFileKeys } from '../images/uploads';
import { lockPoster, postingLimitReached } from '../http/posting-limit';
import { m } from '../../src/i18n/generated/messages.js';
import { placesOf } from '../places/place-input';
import { serviceAreasOfPlaces } from '../../src/domain/places/place-names';
import { bundledPlaceIndex } from '../../src/domain/places/place-tree';

/**
 * Reading and writing services and reviews. Lists are answered with the provider as `{_id, name}` and every
 * review with its client as `{_id, name}`, newest review first. Deleted services (tombstones) never appear.
 */

export const SERVICE_NOT_FOUND_MESSAGE = (): string => m.server_service_not_found();

type ServiceWithProvider = { service: ServiceRow; providerName: string };

function toStoredPhoto(coverImage: string | null | undefined): StoredPhoto | null {
  return coverImage ? { url: coverImage, thumbnailUrl: coverThumbnailOf(coverImage) } : null;
}

function toServiceRecord({ service, providerName }: ServiceWithProvider, ratings: ReviewRecord[]): ServiceRecord {
  return {
    _id: service.id,
    category: service.category as ServiceCategory,
    status: service.status as ServiceStatus,
    provider: { _id: service.providerId, name: providerName },
    contactNumber: service.contactNumber,
    addressLine: service.addressLine,
    serviceArea: service.serviceArea,
    servicePlaceIds: service.servicePlaceIds,
    servicePlaces: placesOf(service.servicePlaceIds),
    description: service.description,
    minimumPrice: service.minimumPrice,
    maximumPrice: service.maximumPrice,
    availableDays: service.availableDays as Weekday[],
    availableTime: service.availableTime as AvailableTime,
    coverImage: service.coverImage?.url ?? null,
    coverThumbnail: service.coverImage?.thumbnailUrl ?? null,
    ratings,
    hiredOnBashaCount: ratings.filter((review) => review.hiredOnBasha).length,
    createdAt: service.createdAt.toISOString(),
    updatedAt: service.updatedAt.toISOString(),
  };
}

async function withRatings(db: Database, rows: ServiceWithProvider[]): Promise<ServiceRecord[]> {
  if (rows.length === 0) return [];
  const reviewRows = await db
    .select({
      review: reviews,
      clientName: users.name,
      // A customer whose request for this service was done hired the provider here (issue 41).
      hiredOnBasha: sql<boolean>`exists (select 1 from ${requests} where ${requests.kind} = 'service' and ${requests.listingId} = ${reviews.serviceId} and ${requests.customerId} = ${reviews.clientId} and ${requests.status} = 'done')`,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.clientId))
    .where(
      and(
        inArray(
          reviews.serviceId,
          rows.map((row) => row.service.id),
        ),
        // A review a moderator hid (server/moderation) neither shows nor counts in the rating.
        isNull(reviews.hiddenAt),
      ),
    )
    .orderBy(desc(reviews.updatedAt), asc(reviews.id));
  const byService = new Map<string, ReviewRecord[]>();
  for (const { review, clientName, hiredOnBasha } of reviewRows) {
    const list = byService.get(review.serviceId) ?? [];
    list.push({
      _id: review.id,
      serviceId: review.serviceId,
      client: { _id: review.clientId, name: clientName },
      rating: review.rating,
      feedback: review.feedback,
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
      hiredOnBasha,
    });
    byService.set(review.serviceId, list);
  }
  // Reviews of customers hired on Basha first, each group newest first (the order of the query, kept by a stable sort).
  for (const list of byService.values()) list.sort((a, b) => Number(b.hiredOnBasha) - Number(a.hiredOnBasha));
  return rows.map((row) => toServiceRecord(row, byService.get(row.service.id) ?? []));
}

function selectServices(db: Database) {
  return db
    .select({ service: services, providerName: users.name })
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId));
}

/**
 * Live services of one category, or of all, oldest first so a list keeps its order as it grows; read a page
 * at a time, with their reviews, so that the whole list is never held at once.
 */
export async function* liveServicePages(
  db: Database,
  category: ServiceCategory | 'all',
): AsyncGenerator<ServiceRecord[]> {
  let after: SyncPosition | undefined;
  for (;;) {
    const rows = await db
      .select({ service: services, providerName: users.name, createdMicros: epochMicros(services.createdAt) })
      .from(services)
      .innerJoin(users, eq(users.id, services.providerId))
      .where(
        and(
          isNull(services.deletedAt),
          category === 'all' ? undefined : eq(services.category, category),
          after && rowsAfter(services.createdAt, services.id, after),
        ),
      )
      .orderBy(asc(services.createdAt), asc(services.id))
      .limit(LIST_PAGE_ROWS);
    if (rows.length > 0) yield withRatings(db, rows);
    const last = rows.at(-1);
    if (!last || rows.length < LIST_PAGE_ROWS) return;
    after = positionOf(last.createdMicros, last.service.id);
  }
}

/**
 * One page of a sync read in one category or all (src/domain/sync-cursor.ts): services after the read's place
 * in (updated_at, id) order, a range of that index, with their reviews. A deleted service is sent as its id: in
 * a delta always, in a full sync only when it was deleted after the sync began (whatever deletes a service
 * must move `updated_at` with `deleted_at`). A service never changes category, so a category's pages are
 * complete on their own.
 */
export async function serviceSyncPage(
  db: Database,
  category: ServiceCategory | 'all',
  read: SyncRead,
): Promise<SyncDelta<ServiceRecord>> {
  const rows = await db
    .select({ service: services, providerName: users.name, updatedMicros: epochMicros(services.updatedAt) })
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId))
    .where(
      and(
        category === 'all' ? undefined : eq(services.category, category),
        read.after && rowsAfter(services.updatedAt, services.id, read.after),
        read.full ? or(isNull(services.deletedAt), gt(services.updatedAt, read.startedAt)) : undefined,
      ),
    )
    .orderBy(asc(services.updatedAt), asc(services.id))
    .limit(SYNC_PAGE_MAX_ROWS + 1);
  const page = rows.slice(0, SYNC_PAGE_MAX_ROWS);
  const live = await withRatings(
    db,
    page.filter((row) => row.service.deletedAt === null),
  );
  const records = new Map(live.map((record) => [record._id, record]));
  const entries = page.map(({ service, updatedMicros }) => ({
    position: positionOf(updatedMicros, service.id),
    row: records.get(service.id),
  }));
  return syncPageOf(read, entries, rows.length > SYNC_PAGE_MAX_ROWS);
}

/**
 * Moves the updated time of every live service that shows this user's name, as provider or as a reviewer,
 * so that the next delta sync carries the new name.
 */
export async function touchServicesNaming(db: Database, userId: string, now: Date): Promise<void> {
  const reviewed = db.select({ id: reviews.serviceId }).from(reviews).where(eq(reviews.clientId, userId));
  await db
    .update(services)
    .set({ updatedAt: now })
    .where(and(isNull(services.deletedAt), or(eq(services.providerId, userId), inArray(services.id, reviewed))));
}

/**
 * Whether the person offers a service anyone can find (not deleted or hidden, not deactivated): the one thing that
 * opens their profile to a visitor (GET /user/find-info/{id}).
 */
export async function offersLiveService(db: Database, providerId: string): Promise<boolean> {
  if (!isUuid(providerId)) return false;
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(
      and(isNull(services.deletedAt), eq(services.providerId, providerId.toLowerCase()), eq(services.status, 'active')),
    )
    .limit(1);
  return row !== undefined;
}

export async function listServicesOf(db: Database, providerId: string): Promise<ServiceRecord[]> {
  if (!isUuid(providerId)) return [];
  const rows = await selectServices(db)
    .where(and(isNull(services.deletedAt), eq(services.providerId, providerId.toLowerCase())))
    .orderBy(asc(services.createdAt), asc(services.id));
  return withRatings(db, rows);
}

export async function findService(db: Database, id: string): Promise<ServiceRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await selectServices(db)
    .where(and(isNull(services.deletedAt), eq(services.id, id.toLowerCase())))
    .limit(1);
  const [record] = await withRatings(db, rows);
  return record;
}

export async function findServiceRow(db: Database, id: string): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(services)
    .where(and(isNull(services.deletedAt), eq(services.id, id.toLowerCase())))
    .limit(1);
  return row;
}

/**
 * A service's `serviceArea` (the spec's field, which every answer, share page and search still reads): the English
 * names of its places. Only a service that has no places (offered before them) keeps typed areas: those sent by
 * a caller that still sends them, else the ones it has. A caller's typed areas never stand beside places.
 */
export function serviceAreaFor(placeIds: readonly string[], sent: string[] | undefined, stored: string[]): string[] {
  if (placeIds.length > 0) return serviceAreasOfPlaces(placeIds, bundledPlaceIndex());
  return sent ?? stored;
}

/** The fields a provider writes, the same in a new service and an edit; `serviceArea` is the caller's. */
function providerFields(input: NewServiceValues | EditServiceValues) {
  return {
    contactNumber: input.contactNumber,
    addressLine: input.addressLine,
    description: input.description,
    minimumPrice: input.minimumPrice,
    maximumPrice: input.maximumPrice,
    availableDays: input.availableDays,
    availableTime: input.availableTime,
    coverImage: toStoredPhoto(input.coverImage),
  };
}

/**
 * Adds a service unless the provider already has two live ones. The provider's user row is locked for the
 * transaction (`select ... for update`), so concurrent offers by one person run one after another and the
 * count they see is always current: on PostgreSQL as on PGlite, no third service can slip in.
 */
export async function createService(
  db: Database,
  providerId: string,
  input: NewServiceValues,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, providerId)).for('update');
    if (!owner) throw new HttpError(404, m.server_profile_not_found());
    const [live] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(services)
      .where(and(eq(services.providerId, providerId), isNull(services.deletedAt)));
    if ((live?.count ?? 0) >= MAX_SERVICES_PER_USER) throw new HttpError(409, serviceLimitMessage());
    const [row] = await tx
      .insert(services)
      .values({
        providerId,
        category: input.category,
        status: 'active',
        ...providerFields(input),
        servicePlaceIds: input.servicePlaceIds ?? [],
        serviceArea: serviceAreaFor(input.servicePlaceIds ?? [], input.serviceArea, []),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: services.id });
    if (!row) throw new Error('insert into services returned no row');
    return row.id;
  });
}

/**
 * The live service, its row locked until the caller's transaction ends (`select ... for update`). An edit and a
 * delete of one service take this lock first, so they run one after the other: an edit can never write a new
 * cover onto a service that a delete has just removed (the cover would be attached to nothing, kept forever).
 */
export async function lockLiveService(tx: Database, id: string): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(services)
    .where(and(isNull(services.deletedAt), eq(services.id, id.toLowerCase())))
    .for('update');
  return row;
}

/**
 * Replaces the editable fields of the locked `row`; an omitted or null cover removes it (accounts spec, section 7).
 * Omitted places stay as they were (a service offered before places may be edited without them), and the areas
 * are named after the places the service then has (serviceAreaFor).
 */
export async function updateService(db: Database, row: ServiceRow, input: EditServiceValues, now: Date): Promise<void> {
  const servicePlaceIds = input.servicePlaceIds ?? row.servicePlaceIds;
  await db
    .update(services)
    .set({
      status: input.status,
      ...providerFields(input),
      servicePlaceIds,
      serviceArea: serviceAreaFor(servicePlaceIds, input.serviceArea, row.serviceArea),
      updatedAt: now,
    })
    .where(eq(services.id, row.id));
}

export type ServiceDeletion =
  /** Deleted now; `coverFiles` are the storage keys of its cover upload, to remove once the transaction committed. */
  | { type: 'deleted'; id: string; coverFiles: string[] }
  /** The caller's own service, deleted before (a retry whose first answer was lost). */
  | { type: 'already-deleted'; id: string }
  | { type: 'not-found' }
  | { type: 'not-yours' };

/**
 * Deletes a provider's service in one transaction: its reviews go, the record of its cover upload goes (its
 * files are the caller's to remove after commit: storage is not transactional), and the service keeps its row
 * as a tombstone (`deleted_at`, with `updated_at` moved too) so that the next delta sync tells every phone to
 * drop it. Live services are what the limit of two counts, so the provider can offer another at once.
 *
 * The row is locked first, so a concurrent edit or review waits and then finds the service gone. Only a cover
 * that is an upload of kind `service` is removed: demo covers are shared files with no upload row.
 */
export async function deleteService(db: Database, id: string, userId: string, now: Date): Promise<ServiceDeletion> {
  if (!isUuid(id)) return { type: 'not-found' };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(services).where(eq(services.id, id.toLowerCase())).for('update');
    if (!row) return { type: 'not-found' };
    // Someone else's deleted service is simply gone: saying it was theirs would tell a stranger nothing useful.
    if (row.deletedAt)
      return row.providerId === userId ? { type: 'already-deleted', id: row.id } : { type: 'not-found' };
    if (row.providerId !== userId) return { type: 'not-yours' };
    await tx.delete(reviews).where(eq(reviews.serviceId, row.id));
    const coverKey = row.coverImage ? storageKeyOf(row.coverImage.url) : undefined;
    const removedUploads = coverKey
      ? await tx
          .delete(uploads)
          .where(and(eq(uploads.key, coverKey), eq(uploads.kind, 'service')))
          .returning({ key: uploads.key, kind: uploads.kind })
      : [];
    await tx.update(services).set({ deletedAt: now, updatedAt: now, coverImage: null }).where(eq(services.id, row.id));
    return { type: 'deleted', id: row.id, coverFiles: removedUploads.flatMap(uploadFileKeys) };
  });
}

/**
 * One review per client per service: a second one replaces the first (the unique index makes this an upsert,
 * also under concurrent requests). The service's updated time moves too, so a delta sync picks it up.
 * A new review (not a replacement) counts against REVIEWS_PER_DAY (src/domain/posting-limits.ts), counted from
 * the client's reviews themselves. The client's user row is locked first (lockPoster), so parallel reviews of
 * many services cannot all see room for one more.
 */
export async function saveReview(
  db: Database,
  review: { serviceId: string; clientId: string; rating: number; feedback: string },
  now: Date,
): Promise<{ replaced: boolean }> {
  return db.transaction(async (tx) => {
    await lockPoster(tx, review.clientId);
    // Waits for a delete of the service that holds its row (deleteService), then finds it gone, instead of leaving
    // a review on a deleted service. `no key update` is the lock the update of `updated_at` below takes anyway,
    // so two reviews of one service never deadlock upgrading a weaker lock.
    const [live] = await tx
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, review.serviceId), isNull(services.deletedAt)))
      .for('no key update');
    if (!live) throw new HttpError(404, SERVICE_NOT_FOUND_MESSAGE());
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.serviceId, review.serviceId), eq(reviews.clientId, review.clientId)));
    if (!existing) await assertReviewAllowed(tx, review.clientId, now);
    const [row] = await tx
      .insert(reviews)
      .values({ ...review, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [reviews.serviceId, reviews.clientId],
        set: { rating: review.rating, feedback: review.feedback, updatedAt: now },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    await tx.update(services).set({ updatedAt: now }).where(eq(services.id, review.serviceId));
    return { replaced: row ? !row.inserted : false };
  });
}

/** Refuses a new review when the client already wrote REVIEWS_PER_DAY in the last 24 hours. */
async function assertReviewAllowed(tx: Database, clientId: string, now: Date): Promise<void> {
  const recent = await tx
    .select({ createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.clientId, clientId), gt(reviews.createdAt, new Date(now.getTime() - POSTING_WINDOW_MS))))
    .orderBy(desc(reviews.createdAt))
    .limit(REVIEWS_PER_DAY);
  const allowedAt = nextPostAllowedAt(
    recent.map((row) => row.createdAt.getTime()),
    REVIEWS_PER_DAY,
  );
  if (allowedAt !== undefined) throw postingLimitReached(allowedAt, now.getTime(), reviewLimitMessage);
}
