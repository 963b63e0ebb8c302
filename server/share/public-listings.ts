import { and, asc, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { LISTING_KIND_FACTS, LISTING_KINDS, type ListingKind } from '../../src/domain/listing-kinds';
import { hasPublicRentPage, isPublicService } from '../../src/domain/public-pages';
import type { Database } from '../db/client';
import { rentPosts, reviews, services, users, type RentPostRow, type ServiceRow } from '../db/schema';
import { isUuid } from '../rent/rent-posts';

/**
 * What the public pages (/rent/{id}, /pros/{userId}) and the sitemap read: only live, active listings of active
 * accounts (not unlisted, hidden reviews left out), and never the fields those pages leave out (phone numbers, street lines) beyond the row itself.
 */

/** A listing as a public page sees it: shown, gone (deleted: a tombstone), or not there / not public. */
export type PublicLookup<T> = { state: 'live'; value: T } | { state: 'gone' } | { state: 'missing' };

export interface PublicRentAd {
  post: RentPostRow;
  posterName: string;
}

export async function findPublicRentAd(db: Database, id: string): Promise<PublicLookup<PublicRentAd>> {
  if (!isUuid(id)) return { state: 'missing' };
  const [found] = await db
    .select({ post: rentPosts, posterName: users.name, posterStatus: users.status })
    .from(rentPosts)
    .innerJoin(users, eq(users.id, rentPosts.userId))
    .where(eq(rentPosts.id, id.toLowerCase()))
    .limit(1);
  if (!found) return { state: 'missing' };
  if (found.post.deletedAt) return { state: 'gone' };
  // A Booked ad (or any other state) is not on offer, an ad left unconfirmed too long is off the lists (issue 21),
  // and a blocked account's ads are not shown.
  if (!hasPublicRentPage(found.post) || found.posterStatus !== 'active') {
    return { state: 'missing' };
  }
  return { state: 'live', value: { post: found.post, posterName: found.posterName } };
}

export interface PublicReview {
  serviceId: string;
  clientName: string;
  rating: number;
  feedback: string;
  updatedAt: Date;
}

export interface PublicProvider {
  id: string;
  name: string;
  profileImage: string | null;
  services: ServiceRow[];
  reviews: PublicReview[];
  reviewCount: number;
  averageRating: number | undefined;
}

/** How many reviews a provider page lists (the newest); the count and average cover all of them. */
export const PUBLIC_REVIEWS_SHOWN = 20;

export async function findPublicProvider(db: Database, userId: string): Promise<PublicLookup<PublicProvider>> {
  if (!isUuid(userId)) return { state: 'missing' };
  const id = userId.toLowerCase();
  const [user] = await db
    .select({ id: users.id, name: users.name, profileImage: users.profileImage, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user || user.status !== 'active') return { state: 'missing' };
  const rows = await db
    .select()
    .from(services)
    .where(eq(services.providerId, id))
    .orderBy(asc(services.createdAt), asc(services.id));
  const live = rows.filter((row) => row.deletedAt === null && isPublicService(row));
  if (live.length === 0) {
    // Only deleted services (tombstones) and none live: the provider page was there and went away.
    const onlyDeleted = rows.length > 0 && rows.every((row) => row.deletedAt !== null);
    return { state: onlyDeleted ? 'gone' : 'missing' };
  }
  const serviceIds = live.map((row) => row.id);
  const reviewRows = await db
    .select({
      serviceId: reviews.serviceId,
      clientName: users.name,
      rating: reviews.rating,
      feedback: reviews.feedback,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.clientId))
    .where(and(inArray(reviews.serviceId, serviceIds), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.updatedAt), asc(reviews.id))
    .limit(PUBLIC_REVIEWS_SHOWN);
  const [totals] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<number | null>`avg(${reviews.rating})::float` })
    .from(reviews)
    .where(and(inArray(reviews.serviceId, serviceIds), isNull(reviews.hiddenAt)));
  return {
    state: 'live',
    value: {
      id: user.id,
      name: user.name,
      profileImage: user.profileImage,
      services: live,
      reviews: reviewRows,
      reviewCount: totals?.count ?? 0,
      averageRating: totals?.average ?? undefined,
    },
  };
}

export interface SitemapEntry {
  path: string;
  lastModified: Date;
}

/** The newest public pages of each listing kind for the sitemap, at most `limit` of each kind. */
export async function publicSitemapEntries(db: Database, limit: number): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for (const kind of LISTING_KINDS) entries.push(...(await SITEMAP_ENTRIES[kind](db, limit)));
  return entries;
}

const pagePath = (kind: ListingKind, id: string) => `${LISTING_KIND_FACTS[kind].publicPage.path}/${id}`;

const SITEMAP_ENTRIES: Record<ListingKind, (db: Database, limit: number) => Promise<SitemapEntry[]>> = {
  rent: async (db, limit) => {
    const ads = await db
      .select({ id: rentPosts.id, updatedAt: rentPosts.updatedAt })
      .from(rentPosts)
      .innerJoin(users, eq(users.id, rentPosts.userId))
      .where(
        and(
          isNull(rentPosts.deletedAt),
          isNull(rentPosts.unlistedAt),
          eq(rentPosts.status, 'Active'),
          eq(users.status, 'active'),
        ),
      )
      .orderBy(desc(rentPosts.updatedAt), desc(rentPosts.id))
      .limit(limit);
    return ads.map((ad) => ({ path: pagePath('rent', ad.id), lastModified: ad.updatedAt }));
  },
  // A service is on its provider's page: one entry per provider, as new as their newest change.
  service: async (db, limit) => {
    const lastChange = max(services.updatedAt);
    const providers = await db
      .select({ id: services.providerId, updatedAt: lastChange })
      .from(services)
      .innerJoin(users, eq(users.id, services.providerId))
      .where(and(isNull(services.deletedAt), eq(services.status, 'active'), eq(users.status, 'active')))
      .groupBy(services.providerId)
      .orderBy(desc(lastChange))
      .limit(limit);
    return providers.flatMap((provider) =>
      provider.updatedAt ? [{ path: pagePath('service', provider.id), lastModified: provider.updatedAt }] : [],
    );
  },
};
