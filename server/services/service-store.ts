import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { NewServiceValues, EditServiceValues } from '../../src/domain/service-form';
import {
  coverThumbnailOf,
  MAX_SERVICES_PER_USER,
  SERVICE_LIMIT_MESSAGE,
  type AvailableTime,
  type ReviewRecord,
  type ServiceRecord,
  type ServiceStatus,
  type Weekday,
} from '../../src/domain/service';
import type { ServiceCategory } from '../../src/domain/service-category';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import { isUuid } from '../accounts/users';
import type { Database } from '../db/client';
import { reviews, services, users, type ServiceRow, type StoredPhoto } from '../db/schema';
import { HttpError } from '../http/errors';

/**
 * Reading and writing services and reviews. Lists are answered with the provider as `{_id, name}` and every
 * review with its client as `{_id, name}`, newest review first. Deleted services (tombstones) never appear.
 */

export const SERVICE_NOT_FOUND_MESSAGE = 'Service data not found.';

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
    description: service.description,
    minimumPrice: service.minimumPrice,
    maximumPrice: service.maximumPrice,
    availableDays: service.availableDays as Weekday[],
    availableTime: service.availableTime as AvailableTime,
    coverImage: service.coverImage?.url ?? null,
    coverThumbnail: service.coverImage?.thumbnailUrl ?? null,
    ratings,
    createdAt: service.createdAt.toISOString(),
    updatedAt: service.updatedAt.toISOString(),
  };
}

async function withRatings(db: Database, rows: ServiceWithProvider[]): Promise<ServiceRecord[]> {
  if (rows.length === 0) return [];
  const reviewRows = await db
    .select({ review: reviews, clientName: users.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.clientId))
    .where(
      inArray(
        reviews.serviceId,
        rows.map((row) => row.service.id),
      ),
    )
    .orderBy(desc(reviews.updatedAt), asc(reviews.id));
  const byService = new Map<string, ReviewRecord[]>();
  for (const { review, clientName } of reviewRows) {
    const list = byService.get(review.serviceId) ?? [];
    list.push({
      _id: review.id,
      serviceId: review.serviceId,
      client: { _id: review.clientId, name: clientName },
      rating: review.rating,
      feedback: review.feedback,
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
    });
    byService.set(review.serviceId, list);
  }
  return rows.map((row) => toServiceRecord(row, byService.get(row.service.id) ?? []));
}

function selectServices(db: Database) {
  return db
    .select({ service: services, providerName: users.name })
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId));
}

/** Live services of one category, or of all; oldest first so a list keeps its order as it grows. */
export async function listServices(db: Database, category: ServiceCategory | 'all'): Promise<ServiceRecord[]> {
  const live = isNull(services.deletedAt);
  const rows = await selectServices(db)
    .where(category === 'all' ? live : and(live, eq(services.category, category)))
    .orderBy(asc(services.createdAt), asc(services.id));
  return withRatings(db, rows);
}

/**
 * What changed after `changedAfter` in one category or all (see src/domain/sync-cursor.ts): live services
 * updated since, oldest change first, and the ids of services deleted since (whatever deletes a service must
 * move `updated_at` with `deleted_at`). Both read a range of the (updated_at, id) index. A service never
 * changes category, so a category's delta is complete on its own.
 * Null means from the beginning: the full list and no ids.
 */
export async function serviceChanges(
  db: Database,
  category: ServiceCategory | 'all',
  changedAfter: Date | null,
): Promise<Omit<SyncDelta<ServiceRecord>, 'cursor'>> {
  if (!changedAfter) return { changed: await listServices(db, category), deleted: [] };
  const inScope = and(
    gt(services.updatedAt, changedAfter),
    category === 'all' ? undefined : eq(services.category, category),
  );
  const changedRows = await selectServices(db)
    .where(and(inScope, isNull(services.deletedAt)))
    .orderBy(asc(services.updatedAt), asc(services.id));
  const deleted = await db
    .select({ id: services.id })
    .from(services)
    .where(and(inScope, isNotNull(services.deletedAt)))
    .orderBy(asc(services.updatedAt), asc(services.id));
  return { changed: await withRatings(db, changedRows), deleted: deleted.map((row) => row.id) };
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
    if (!owner) throw new HttpError(404, 'The user profile you are looking for does not exist.');
    const [live] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(services)
      .where(and(eq(services.providerId, providerId), isNull(services.deletedAt)));
    if ((live?.count ?? 0) >= MAX_SERVICES_PER_USER) throw new HttpError(409, SERVICE_LIMIT_MESSAGE);
    const [row] = await tx
      .insert(services)
      .values({
        providerId,
        category: input.category,
        status: 'active',
        contactNumber: input.contactNumber,
        addressLine: input.addressLine,
        serviceArea: input.serviceArea,
        description: input.description,
        minimumPrice: input.minimumPrice,
        maximumPrice: input.maximumPrice,
        availableDays: input.availableDays,
        availableTime: input.availableTime,
        coverImage: toStoredPhoto(input.coverImage),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: services.id });
    if (!row) throw new Error('insert into services returned no row');
    return row.id;
  });
}

/** Replaces the editable fields; an omitted or null cover removes it (accounts spec, section 7). */
export async function updateService(db: Database, id: string, input: EditServiceValues, now: Date): Promise<void> {
  await db
    .update(services)
    .set({
      status: input.status,
      contactNumber: input.contactNumber,
      addressLine: input.addressLine,
      serviceArea: input.serviceArea,
      description: input.description,
      minimumPrice: input.minimumPrice,
      maximumPrice: input.maximumPrice,
      availableDays: input.availableDays,
      availableTime: input.availableTime,
      coverImage: toStoredPhoto(input.coverImage),
      updatedAt: now,
    })
    .where(eq(services.id, id));
}

/**
 * One review per client per service: a second one replaces the first (the unique index makes this an upsert,
 * also under concurrent requests). The service's updated time moves too, so a delta sync picks it up.
 */
export async function saveReview(
  db: Database,
  review: { serviceId: string; clientId: string; rating: number; feedback: string },
  now: Date,
): Promise<{ replaced: boolean }> {
  return db.transaction(async (tx) => {
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
