import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_RENT_STATUS,
  rentCategoryLabel,
  type RentCategory,
  type RentPaymentFrequency,
  type RentPost,
  type RentPostDetails,
  type RentStatus,
} from '../../src/domain/rent-post';
import { type NewRentPost } from '../../src/domain/rent-post-form';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import type { Database } from '../db/client';
import { rentPosts, users, type RentPostRow, type StoredPhoto } from '../db/schema';

/** Rent posts in the database. A deleted post keeps its row with `deletedAt` set (a tombstone for sync). */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export function toRentPost(row: RentPostRow): RentPost {
  return {
    _id: row.id,
    user: row.userId,
    category: row.category as RentCategory,
    cost: row.cost,
    rentPaymentFrequency: row.rentPaymentFrequency as RentPaymentFrequency,
    rentStartDate: row.rentStartDate,
    contactInfo: row.contactInfo,
    addressLine: row.addressLine,
    city: row.city,
    postalCode: row.postalCode,
    details: row.details,
    description: row.details,
    propertyType: row.propertyType,
    imageUrls: row.photos.map((photo) => photo.url),
    thumbnailUrls: row.photos.map((photo) => photo.thumbnailUrl),
    status: row.status as RentStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every live post, newest first. */
export async function listRentPosts(db: Database): Promise<RentPost[]> {
  const rows = await db
    .select()
    .from(rentPosts)
    .where(isNull(rentPosts.deletedAt))
    .orderBy(desc(rentPosts.createdAt), desc(rentPosts.id));
  return rows.map(toRentPost);
}

/**
 * What changed after `changedAfter` (see src/domain/sync-cursor.ts): live posts updated since, oldest change
 * first, and the ids of posts deleted since (a tombstone's `updated_at` is its `deleted_at`). Both read a
 * range of the (updated_at, id) index. Null means from the beginning: every live post and no ids.
 */
export async function rentPostChanges(
  db: Database,
  changedAfter: Date | null,
): Promise<Omit<SyncDelta<RentPost>, 'cursor'>> {
  if (!changedAfter) return { changed: await listRentPosts(db), deleted: [] };
  const recent = gt(rentPosts.updatedAt, changedAfter);
  const changed = await db
    .select()
    .from(rentPosts)
    .where(and(recent, isNull(rentPosts.deletedAt)))
    .orderBy(asc(rentPosts.updatedAt), asc(rentPosts.id));
  const deleted = await db
    .select({ id: rentPosts.id })
    .from(rentPosts)
    .where(and(recent, isNotNull(rentPosts.deletedAt)))
    .orderBy(asc(rentPosts.updatedAt), asc(rentPosts.id));
  return { changed: changed.map(toRentPost), deleted: deleted.map((row) => row.id) };
}

export async function findLiveRentPost(db: Database, id: string): Promise<RentPostRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(rentPosts)
    .where(and(eq(rentPosts.id, id), isNull(rentPosts.deletedAt)));
  return row;
}

export async function findRentPostDetails(db: Database, id: string): Promise<RentPostDetails | undefined> {
  if (!isUuid(id)) return undefined;
  const [found] = await db
    .select({ post: rentPosts, posterName: users.name })
    .from(rentPosts)
    .innerJoin(users, eq(users.id, rentPosts.userId))
    .where(and(eq(rentPosts.id, id), isNull(rentPosts.deletedAt)));
  if (!found) return undefined;
  return { ...toRentPost(found.post), user: { _id: found.post.userId, name: found.posterName } };
}

/** True when a live post already shows this large photo (a photo belongs to one post only). */
export async function isPhotoInUse(db: Database, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rentPosts.id })
    .from(rentPosts)
    .where(and(isNull(rentPosts.deletedAt), sql`${rentPosts.photos} @> ${JSON.stringify([{ url }])}::jsonb`))
    .limit(1);
  return !!row;
}

export async function insertRentPost(
  db: Database,
  userId: string,
  input: Omit<NewRentPost, 'imageUrls'>,
  photos: StoredPhoto[],
  options: { now: Date; status?: RentStatus },
): Promise<RentPostRow> {
  const [row] = await db
    .insert(rentPosts)
    .values({
      userId,
      category: input.category,
      cost: input.cost,
      rentPaymentFrequency: input.rentPaymentFrequency,
      rentStartDate: input.rentStartDate,
      contactInfo: input.contactInfo,
      addressLine: input.addressLine,
      city: input.city,
      postalCode: input.postalCode,
      details: input.details,
      propertyType: rentCategoryLabel(input.category),
      photos,
      status: options.status ?? DEFAULT_RENT_STATUS,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning();
  if (!row) throw new Error('insert into rent_posts returned no row');
  return row;
}

/** Marks a live post deleted; answers the row as it was, or undefined when it was already gone. */
export async function tombstoneRentPost(db: Database, id: string, now: Date): Promise<RentPostRow | undefined> {
  const [row] = await db
    .update(rentPosts)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(rentPosts.id, id), isNull(rentPosts.deletedAt)))
    .returning();
  return row;
}
