import { and, asc, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import {
  DEFAULT_RENT_STATUS,
  RENT_UNLISTED_AFTER_MS,
  rentCategoryLabel,
  type RentCategory,
  type RentPaymentFrequency,
  type RentPost,
  type RentPostDetails,
  type RentStatus,
} from '../../src/domain/rent-post';
import { type NewRentPost } from '../../src/domain/rent-post-form';
import {
  nextPostAllowedAt,
  POSTING_WINDOW_MS,
  RENT_ADS_PER_DAY,
  rentAdLimitMessage,
} from '../../src/domain/posting-limits';
import {
  SYNC_PAGE_MAX_ROWS,
  syncPageOf,
  type SyncDelta,
  type SyncPosition,
  type SyncRead,
} from '../../src/domain/sync-cursor';
import type { Database } from '../db/client';
import { epochMicros, LIST_PAGE_ROWS, positionOf, rowsAfter, rowsBefore } from '../db/keyset';
import { lockPoster, postingLimitReached } from '../http/posting-limit';
import { placeOf } from '../places/place-input';
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
    placeId: row.placeId,
    place: placeOf(row.placeId),
    details: row.details,
    description: row.details,
    propertyType: row.propertyType,
    imageUrls: row.photos.map((photo) => photo.url),
    thumbnailUrls: row.photos.map((photo) => photo.thumbnailUrl),
    status: row.status as RentStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    confirmedAt: row.confirmedAt.toISOString(),
  };
}

/** A listed post: live, and not unlisted for going unconfirmed (decision 0013). */
const listed = () => and(isNull(rentPosts.deletedAt), isNull(rentPosts.unlistedAt));

/** Every live post, newest first, read a page at a time (the whole list is never held at once). */
export async function* liveRentPostPages(db: Database): AsyncGenerator<RentPost[]> {
  let before: SyncPosition | undefined;
  for (;;) {
    const rows = await db
      .select({ post: rentPosts, createdMicros: epochMicros(rentPosts.createdAt) })
      .from(rentPosts)
      .where(and(listed(), before && rowsBefore(rentPosts.createdAt, rentPosts.id, before)))
      .orderBy(desc(rentPosts.createdAt), desc(rentPosts.id))
      .limit(LIST_PAGE_ROWS);
    if (rows.length > 0) yield rows.map((row) => toRentPost(row.post));
    const last = rows.at(-1);
    if (!last || rows.length < LIST_PAGE_ROWS) return;
    before = positionOf(last.createdMicros, last.post.id);
  }
}

/**
 * One page of a sync read (src/domain/sync-cursor.ts): posts after the read's place in (updated_at, id) order,
 * a range of that index. A deleted post keeps its row (a tombstone, whose `updated_at` is its `deleted_at`) and
 * is sent as its id: in a delta always, in a full sync only when it was deleted after the sync began. An unlisted
 * post (not confirmed for 90 days, decision 0013) is sent the same way: it leaves every phone's list, and comes
 * back as a changed row when its poster confirms it.
 */
export async function rentPostSyncPage(db: Database, read: SyncRead): Promise<SyncDelta<RentPost>> {
  const rows = await db
    .select({ post: rentPosts, updatedMicros: epochMicros(rentPosts.updatedAt) })
    .from(rentPosts)
    .where(
      and(
        read.after && rowsAfter(rentPosts.updatedAt, rentPosts.id, read.after),
        read.full ? or(listed(), gt(rentPosts.updatedAt, read.startedAt)) : undefined,
      ),
    )
    .orderBy(asc(rentPosts.updatedAt), asc(rentPosts.id))
    .limit(SYNC_PAGE_MAX_ROWS + 1);
  const entries = rows.slice(0, SYNC_PAGE_MAX_ROWS).map(({ post, updatedMicros }) => ({
    position: positionOf(updatedMicros, post.id),
    row: post.deletedAt || post.unlistedAt ? undefined : toRentPost(post),
  }));
  return syncPageOf(read, entries, rows.length > SYNC_PAGE_MAX_ROWS);
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

/** The columns a poster writes, as a new ad and an edit both store them (the place is each one's own rule). */
function adColumns(input: Omit<NewRentPost, 'imageUrls'>) {
  return {
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
  };
}

export async function insertRentPost(
  db: Database,
  userId: string,
  input: Omit<NewRentPost, 'imageUrls'>,
  photos: StoredPhoto[],
  options: { now: Date; status?: RentStatus; confirmedAt?: Date },
): Promise<RentPostRow> {
  const [row] = await db
    .insert(rentPosts)
    .values({
      userId,
      ...adColumns(input),
      placeId: input.placeId ?? null,
      photos,
      status: options.status ?? DEFAULT_RENT_STATUS,
      createdAt: options.now,
      updatedAt: options.now,
      confirmedAt: options.confirmedAt ?? options.now,
    })
    .returning();
  if (!row) throw new Error('insert into rent_posts returned no row');
  return row;
}

/**
 * Adds an ad unless its poster already posted RENT_ADS_PER_DAY in the last 24 hours (src/domain/posting-limits.ts),
 * counted from the posts themselves, deleted ones too. The poster's row is locked first (lockPoster), so 50
 * parallel posts by one account cannot all see room for one more. Inside a request's transaction (an
 * Idempotency-Key) this is a savepoint and the lock is held until that transaction commits.
 */
export async function insertRentPostWithinLimit(
  db: Database,
  userId: string,
  input: Omit<NewRentPost, 'imageUrls'>,
  photos: StoredPhoto[],
  options: { now: Date },
): Promise<RentPostRow> {
  return db.transaction(async (tx) => {
    await lockPoster(tx, userId);
    const now = options.now.getTime();
    const recent = await tx
      .select({ createdAt: rentPosts.createdAt })
      .from(rentPosts)
      .where(and(eq(rentPosts.userId, userId), gt(rentPosts.createdAt, new Date(now - POSTING_WINDOW_MS))))
      .orderBy(desc(rentPosts.createdAt))
      .limit(RENT_ADS_PER_DAY);
    const allowedAt = nextPostAllowedAt(
      recent.map((row) => row.createdAt.getTime()),
      RENT_ADS_PER_DAY,
    );
    if (allowedAt !== undefined) throw postingLimitReached(allowedAt, now, rentAdLimitMessage);
    return insertRentPost(tx, userId, input, photos, options);
  });
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

/**
 * The live post, its row locked until the caller's transaction ends (`select ... for update`): an edit and a delete
 * or another edit of one ad run one after another, so photos are never attached to an ad a delete just removed.
 */
export async function lockLiveRentPost(db: Database, id: string): Promise<RentPostRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(rentPosts)
    .where(and(eq(rentPosts.id, id), isNull(rentPosts.deletedAt)))
    .for('update');
  return row;
}

/**
 * Replaces an ad's editable fields and photos. An edit is the poster saying the ad is current: it is confirmed
 * again, and listed again if it had gone unconfirmed. `updated_at` moves, so every phone's next delta has it.
 */
export async function updateRentPost(
  db: Database,
  id: string,
  input: Omit<NewRentPost, 'imageUrls'>,
  photos: StoredPhoto[],
  now: Date,
): Promise<RentPostRow> {
  const [row] = await db
    .update(rentPosts)
    .set({
      ...adColumns(input),
      // An edit that does not name a place keeps the ad's place.
      ...(input.placeId !== undefined ? { placeId: input.placeId } : {}),
      photos,
      confirmedAt: now,
      unlistedAt: null,
      updatedAt: now,
    })
    .where(eq(rentPosts.id, id))
    .returning();
  if (!row) throw new Error('update of rent_posts returned no row');
  return row;
}

/** Booked or Active; either way the poster confirmed the ad now, so it is listed (again) and not stale. */
export async function setRentPostStatus(db: Database, id: string, status: RentStatus, now: Date) {
  const [row] = await db
    .update(rentPosts)
    .set({ status, confirmedAt: now, unlistedAt: null, updatedAt: now })
    .where(and(eq(rentPosts.id, id), isNull(rentPosts.deletedAt)))
    .returning();
  return row;
}

/**
 * Unlists every listed post whose poster has not confirmed it for RENT_UNLISTED_AFTER_MS (the cleanup job runs it).
 * `updated_at` moves, so the next delta tells every phone to drop it. Answers how many it unlisted.
 */
export async function unlistUnconfirmedRentPosts(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(rentPosts)
    .set({ unlistedAt: now, updatedAt: now })
    .where(and(listed(), lt(rentPosts.confirmedAt, new Date(now.getTime() - RENT_UNLISTED_AFTER_MS))))
    .returning({ id: rentPosts.id });
  return rows.length;
}

/** Every live post of one poster, listed or not, newest first (a poster has at most a few a day). */
export async function ownRentPosts(db: Database, userId: string): Promise<RentPost[]> {
  const rows = await db
    .select()
    .from(rentPosts)
    .where(and(eq(rentPosts.userId, userId), isNull(rentPosts.deletedAt)))
    .orderBy(desc(rentPosts.createdAt), desc(rentPosts.id))
    .limit(OWN_RENT_POSTS_MAX);
  return rows.map((row) => ({ ...toRentPost(row), unlistedAt: row.unlistedAt?.toISOString() ?? null }));
}

/** More than anyone posts (the daily cap is a few); a bound, so that the answer never grows without one. */
const OWN_RENT_POSTS_MAX = 500;
