import { and, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListingKind } from '../../src/domain/listing-kinds';
import type { Database } from '../db/client';
import { rentPosts, services } from '../db/schema';
import { addressWithPlace } from '../../src/domain/places/place-display';
import { getLocale } from '../../src/i18n/generated/runtime.js';
import type { Locale } from '../../src/i18n/locale';
import { placeOf } from '../places/place-input';

/**
 * Each listing kind's table and the queries that code treating listings alike runs on it (saved items, reports and
 * hiding, the CDN purge). Written per kind rather than over a shared column list, so that each stays a plain typed
 * drizzle query; a kind added to LISTING_KINDS (src/domain/listing-kinds.ts) is a type error here until it has its
 * entry. A listing that is deleted (by its owner, or hidden by a moderator) stays a tombstone: `deleted_at` set.
 */
export interface ListingTable {
  /** SQL that holds when `targetId` names a listing of this kind that exists and is not deleted. */
  isLiveSql(targetId: AnyPgColumn): SQL;
  isLive(db: Database, id: string): Promise<boolean>;
  /** The owner of a listing, deleted or not (its pages still show it until they are purged). */
  ownerOf(db: Database, id: string): Promise<string | undefined>;
  /** A live listing's owner and the owner's own words naming it, for a report (the caller shortens them). */
  reportTarget(db: Database, id: string): Promise<{ ownerId: string; text: string } | undefined>;
  /** Makes a live listing a tombstone; `updated_at` moves, so the next delta of every phone drops it. */
  hide(db: Database, id: string, now: Date): Promise<void>;
  /** Makes every live listing of the owner a tombstone, as `hide`. */
  hideAllOf(db: Database, ownerId: string, now: Date): Promise<void>;
  /** The ids of the owner's listings, deleted or not, as a subquery. */
  idsOwnedBy(db: Database, ownerId: string): SQLWrapper;
  /** At most `limit` ids of the owner's live listings. */
  liveIdsOwnedBy(db: Database, ownerId: string, limit: number): Promise<string[]>;
}

/**
 * A rent ad as a report names it: its address as the details page shows it, the street then the area and district
 * from the place tree in the reader's language ("House 4, Road 8, Mohammadpur, Dhaka"); an old ad without a place
 * keeps its city as typed.
 */
function rentAdAddress(row: { addressLine: string; city: string; placeId: string | null }, locale: Locale): string {
  const place = placeOf(row.placeId);
  return place ? addressWithPlace(row.addressLine, place, locale) : `${row.addressLine}, ${row.city}`;
}

export const LISTING_TABLES: Record<ListingKind, ListingTable> = {
  rent: {
    isLiveSql: (targetId) =>
      sql`exists (select 1 from ${rentPosts} where ${rentPosts.id} = ${targetId} and ${rentPosts.deletedAt} is null)`,
    isLive: async (db, id) => {
      const rows = await db
        .select({ id: rentPosts.id })
        .from(rentPosts)
        .where(and(eq(rentPosts.id, id), isNull(rentPosts.deletedAt)))
        .limit(1);
      return rows.length > 0;
    },
    ownerOf: async (db, id) => {
      const [row] = await db.select({ ownerId: rentPosts.userId }).from(rentPosts).where(eq(rentPosts.id, id)).limit(1);
      return row?.ownerId;
    },
    reportTarget: async (db, id) => {
      const [row] = await db
        .select({
          ownerId: rentPosts.userId,
          addressLine: rentPosts.addressLine,
          city: rentPosts.city,
          placeId: rentPosts.placeId,
        })
        .from(rentPosts)
        .where(and(eq(rentPosts.id, id), isNull(rentPosts.deletedAt)));
      return row && { ownerId: row.ownerId, text: rentAdAddress(row, getLocale()) };
    },
    hide: async (db, id, now) => {
      await db
        .update(rentPosts)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(rentPosts.id, id), isNull(rentPosts.deletedAt)));
    },
    hideAllOf: async (db, ownerId, now) => {
      await db
        .update(rentPosts)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(rentPosts.userId, ownerId), isNull(rentPosts.deletedAt)));
    },
    idsOwnedBy: (db, ownerId) => db.select({ id: rentPosts.id }).from(rentPosts).where(eq(rentPosts.userId, ownerId)),
    liveIdsOwnedBy: async (db, ownerId, limit) => {
      const rows = await db
        .select({ id: rentPosts.id })
        .from(rentPosts)
        .where(and(eq(rentPosts.userId, ownerId), isNull(rentPosts.deletedAt)))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  },
  service: {
    isLiveSql: (targetId) =>
      sql`exists (select 1 from ${services} where ${services.id} = ${targetId} and ${services.deletedAt} is null)`,
    isLive: async (db, id) => {
      const rows = await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.id, id), isNull(services.deletedAt)))
        .limit(1);
      return rows.length > 0;
    },
    ownerOf: async (db, id) => {
      const [row] = await db
        .select({ ownerId: services.providerId })
        .from(services)
        .where(eq(services.id, id))
        .limit(1);
      return row?.ownerId;
    },
    reportTarget: async (db, id) => {
      const [row] = await db
        .select({ ownerId: services.providerId, category: services.category, description: services.description })
        .from(services)
        .where(and(eq(services.id, id), isNull(services.deletedAt)));
      return row && { ownerId: row.ownerId, text: `${row.category}: ${row.description}` };
    },
    hide: async (db, id, now) => {
      await db
        .update(services)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(services.id, id), isNull(services.deletedAt)));
    },
    hideAllOf: async (db, ownerId, now) => {
      await db
        .update(services)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(services.providerId, ownerId), isNull(services.deletedAt)));
    },
    idsOwnedBy: (db, ownerId) => db.select({ id: services.id }).from(services).where(eq(services.providerId, ownerId)),
    liveIdsOwnedBy: async (db, ownerId, limit) => {
      const rows = await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.providerId, ownerId), isNull(services.deletedAt)))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  },
};
