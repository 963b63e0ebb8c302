import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  rentPostPassesAlert,
  servicePassesAlert,
  type AlertFilters,
  type AlertFrequency,
} from '../../src/domain/alerts';
import { assertNever, type ListingKind } from '../../src/domain/listing-kinds';
import type { PlaceSummary } from '../../src/domain/places/place-tree';
import type { RentPost } from '../../src/domain/rent-post';
import type { ServiceRecord } from '../../src/domain/service';
import type { Database } from '../db/client';
import { alertMatches, alerts, rentPosts } from '../db/schema';
import { isUuid, toRentPost } from '../rent/rent-posts';
import { findService } from '../services/service-store';

/**
 * Which alerts a listing is news for (issue 43). Called when a listing is posted or shown again (Active again,
 * confirmed after being unlisted); records one alert_matches row per alert it passes, never a second one for the
 * same alert and listing (the primary key, `on conflict do nothing`), whichever process or call got there first. The
 * candidates are narrowed in SQL by kind, category, place and price; the list's own predicates
 * (src/domain/alerts.ts) then decide, search words included, so an alert finds exactly what its list would show.
 */

/** A listing as the lists show it, with what the SQL narrowing needs. */
export type LiveListing =
  | { kind: 'rent'; id: string; ownerId: string; post: RentPost }
  | { kind: 'service'; id: string; ownerId: string; service: ServiceRecord };

/**
 * The listing when the lists show it: not deleted (by its owner, or hidden by a moderator: both tombstones), and for
 * a rent ad not unlisted for going unconfirmed and not Booked; for a service, not deactivated by its provider.
 */
export async function findLiveListing(db: Database, kind: ListingKind, id: string): Promise<LiveListing | undefined> {
  if (!isUuid(id)) return undefined;
  switch (kind) {
    case 'rent': {
      const [row] = await db
        .select()
        .from(rentPosts)
        .where(
          and(
            eq(rentPosts.id, id.toLowerCase()),
            isNull(rentPosts.deletedAt),
            isNull(rentPosts.unlistedAt),
            eq(rentPosts.status, 'Active'),
          ),
        );
      return row && { kind, id: row.id, ownerId: row.userId, post: toRentPost(row) };
    }
    case 'service': {
      const service = await findService(db, id);
      if (!service || service.status !== 'active') return undefined;
      return { kind, id: service._id, ownerId: service.provider._id, service };
    }
    default:
      return assertNever(kind);
  }
}

export function listingPassesAlert(listing: LiveListing, filters: AlertFilters): boolean {
  switch (listing.kind) {
    case 'rent':
      return rentPostPassesAlert(filters, listing.post);
    case 'service':
      return servicePassesAlert(filters, listing.service);
    default:
      return assertNever(listing);
  }
}

/** A filter field of the stored jsonb, as text or as a number. */
const filterText = (field: keyof AlertFilters) => sql`(${alerts.filters} ->> ${field})`;
const filterNumber = (field: 'minPrice' | 'maxPrice') => sql`(${alerts.filters} ->> ${field})::bigint`;

/** The place ids an alert may name to take in a listing at these places: each place, its district and division. */
function placeFilterIds(places: readonly PlaceSummary[]): string[] {
  return [...new Set(places.flatMap((place) => [place.id, place.district.id, place.division.id]))];
}

/** The cheap half of the filters, in SQL: what cannot pass is not read. The predicates decide the rest. */
function candidateConditions(listing: LiveListing): SQL[] {
  const { category, places, lowest, highest } =
    listing.kind === 'rent'
      ? {
          category: listing.post.category as string,
          places: listing.post.place ? [listing.post.place] : [],
          lowest: listing.post.cost,
          highest: listing.post.cost,
        }
      : {
          category: listing.service.category as string,
          places: listing.service.servicePlaces ?? [],
          lowest: listing.service.minimumPrice,
          highest: listing.service.maximumPrice,
        };
  const placeIds = placeFilterIds(places);
  return [
    sql`(${filterText('category')} is null or ${filterText('category')} = ${category})`,
    placeIds.length === 0
      ? sql`${filterText('placeId')} is null`
      : sql`(${filterText('placeId')} is null or ${filterText('placeId')} in (${sql.join(
          placeIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
    sql`(${filterText('minPrice')} is null or ${filterNumber('minPrice')} <= ${lowest})`,
    sql`(${filterText('maxPrice')} is null or ${filterNumber('maxPrice')} >= ${highest})`,
  ];
}

/** A match recorded by this call: the caller sends it (instant) or leaves it for the digest (daily). */
export interface NewAlertMatch {
  alertId: string;
  listingId: string;
  kind: ListingKind;
  /** The alert's owner, to be told. */
  userId: string;
  frequency: AlertFrequency;
}

/**
 * Records the matches of a listing that the lists show, leaving out its owner's own alerts, and answers those this
 * call recorded (none for a listing gone, hidden, unlisted or Booked, and none already recorded by an earlier call).
 */
export async function matchListing(
  db: Database,
  kind: ListingKind,
  listingId: string,
  now: Date,
): Promise<NewAlertMatch[]> {
  const listing = await findLiveListing(db, kind, listingId);
  if (!listing) return [];
  const candidates = await db
    .select({ id: alerts.id, userId: alerts.userId, filters: alerts.filters, frequency: alerts.frequency })
    .from(alerts)
    .where(and(eq(alerts.kind, kind), ne(alerts.userId, listing.ownerId), ...candidateConditions(listing)));
  const passing = candidates.filter((alert) => listingPassesAlert(listing, alert.filters));
  if (passing.length === 0) return [];
  const recorded = await db
    .insert(alertMatches)
    .values(
      passing.map((alert) => ({ alertId: alert.id, listingId: listing.id, userId: alert.userId, matchedAt: now })),
    )
    .onConflictDoNothing()
    .returning({ alertId: alertMatches.alertId });
  const byId = new Map(passing.map((alert) => [alert.id, alert]));
  return recorded.flatMap(({ alertId }) => {
    const alert = byId.get(alertId);
    return alert
      ? [{ alertId, listingId: listing.id, kind, userId: alert.userId, frequency: alert.frequency as AlertFrequency }]
      : [];
  });
}
