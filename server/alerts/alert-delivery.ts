import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AlertFrequency } from '../../src/domain/alerts';
import { latestDhakaHour } from '../../src/domain/dhaka-time';
import { LISTING_KIND_FACTS, LISTING_KINDS, listingPagePath, type ListingKind } from '../../src/domain/listing-kinds';
import type { Database } from '../db/client';
import { alertMatches, alerts } from '../db/schema';
import type { AppDeps } from '../deps';
import { subscriptionsOf } from '../push/push-subscription-store';
import { sendAlertMail } from './alert-mail';
import { findLiveListing, matchListing, type LiveListing } from './alert-matching';

/**
 * How alert matches reach people (issue 43), as three jobs on the queue (server/jobs):
 * - `alerts.match-listing`: a listing went live; matchListing records the alerts it matches (once per alert and
 *   listing), and each person with an instant one gets an `alerts.send`.
 * - `alerts.digest`, every few minutes: each person with daily matches recorded before the latest 9:00 in Dhaka
 *   that are not sent gets an `alerts.send`. Run late (a server down at 9:00), it still sends that morning's.
 * - `alerts.send`: claims the person's due matches (`sent_at` set in one `update ... where sent_at is null`, so two
 *   runs never both send one), then tells them: a push to each of their devices, or, with none, a mail. If telling
 *   fails, the claim is let go and the job throws, so the queue's retry sends them again.
 * A match whose listing went away (deleted, hidden, Booked) since it was recorded is claimed and not told.
 */

/** Dhaka's hour of the daily digest. */
export const DIGEST_HOUR = 9;
/** How often the digest job looks for due digests (a cron line, UTC). */
export const DIGEST_EVERY = '*/10 * * * *';

type AlertDeps = Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'mailer' | 'config' | 'logger'>;

/**
 * For the routes that post a listing or show it again: the matching is a job written in their transaction, so it
 * runs exactly when the listing is committed, and the poster's answer does not wait for it.
 */
export function matchAlertsOnCommit(
  jobs: AppDeps['jobs'],
  within: Database,
  kind: ListingKind,
  listingId: string,
): Promise<void> {
  return jobs.send('alerts.match-listing', { kind, listingId }, { within });
}

export async function matchNewListing(deps: AlertDeps, kind: ListingKind, listingId: string): Promise<void> {
  const matches = await matchListing(deps.db, kind, listingId, deps.clock.now());
  const toTellNow = new Set(matches.filter((match) => match.frequency === 'instant').map((match) => match.userId));
  for (const userId of toTellNow) await deps.jobs.send('alerts.send', { userId, frequency: 'instant' });
}

export async function sendDueDigests(deps: AlertDeps): Promise<void> {
  const due = latestDhakaHour(deps.clock.now(), DIGEST_HOUR);
  const people = await deps.db
    .selectDistinct({ userId: alertMatches.userId })
    .from(alertMatches)
    .innerJoin(alerts, eq(alerts.id, alertMatches.alertId))
    .where(and(isNull(alertMatches.sentAt), eq(alerts.frequency, 'daily'), lt(alertMatches.matchedAt, due)));
  for (const { userId } of people) await deps.jobs.send('alerts.send', { userId, frequency: 'daily' });
}

interface ClaimedMatch {
  alertId: string;
  listingId: string;
  kind: ListingKind;
}

/** Up to when a frequency's matches are due at `now`: a frequency added to AlertFrequency must say (compile error). */
const DUE_BEFORE: Record<AlertFrequency, (now: Date) => Date> = {
  instant: (now) => now,
  daily: (now) => latestDhakaHour(now, DIGEST_HOUR),
};

/** Marks the person's due matches sent and answers them: only one caller gets each. */
async function claimDueMatches(
  db: Database,
  userId: string,
  frequency: AlertFrequency,
  now: Date,
): Promise<ClaimedMatch[]> {
  const before = DUE_BEFORE[frequency](now);
  const ofFrequency = db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.frequency, frequency)));
  const claimed = await db
    .update(alertMatches)
    .set({ sentAt: now })
    .where(
      and(
        eq(alertMatches.userId, userId),
        isNull(alertMatches.sentAt),
        inArray(alertMatches.alertId, ofFrequency),
        sql`${alertMatches.matchedAt} <= ${before}`,
      ),
    )
    .returning({ alertId: alertMatches.alertId, listingId: alertMatches.listingId });
  if (claimed.length === 0) return [];
  const kinds = await db
    .select({ id: alerts.id, kind: alerts.kind })
    .from(alerts)
    .where(
      inArray(
        alerts.id,
        claimed.map((match) => match.alertId),
      ),
    );
  const kindOf = new Map(kinds.map((row) => [row.id, row.kind as ListingKind]));
  return claimed.flatMap((match) => {
    const kind = kindOf.get(match.alertId);
    return kind ? [{ ...match, kind }] : [];
  });
}

async function releaseClaim(db: Database, userId: string, claimed: readonly ClaimedMatch[], at: Date): Promise<void> {
  for (const match of claimed) {
    await db
      .update(alertMatches)
      .set({ sentAt: null })
      .where(
        and(
          eq(alertMatches.alertId, match.alertId),
          eq(alertMatches.listingId, match.listingId),
          eq(alertMatches.userId, userId),
          eq(alertMatches.sentAt, at),
        ),
      );
  }
}

export async function sendDueMatches(deps: AlertDeps, userId: string, frequency: AlertFrequency): Promise<void> {
  const now = deps.clock.now();
  const claimed = await claimDueMatches(deps.db, userId, frequency, now);
  if (claimed.length === 0) return;
  try {
    const devices = await subscriptionsOf(deps.db, userId);
    if (devices.length === 0) {
      await sendAlertMail(deps, userId, claimed);
      return;
    }
    // Only what the lists still show: a listing hidden or Booked since it matched is not news any more.
    const live: LiveListing[] = [];
    for (const match of claimed) {
      const listing = await findLiveListing(deps.db, match.kind, match.listingId);
      if (listing && !live.some((seen) => seen.kind === listing.kind && seen.id === listing.id)) live.push(listing);
    }
    for (const kind of LISTING_KINDS) {
      const ofKind = live.filter((listing) => listing.kind === kind);
      if (ofKind.length === 0) continue;
      const url = ofKind.length === 1 ? listingAddress(ofKind[0]!) : LIST_PAGE[kind];
      await deps.jobs.send('push.notify', { userId, about: { type: 'alert', kind, count: ofKind.length, url } });
    }
  } catch (error) {
    await releaseClaim(deps.db, userId, claimed, now);
    throw error;
  }
}

/** Where a notification of several new listings of a kind takes the person: the kind's list. */
const LIST_PAGE: Record<ListingKind, string> = { rent: '/main/rent', service: '/main/find-service/all' };

/** The listing's public page (`/rent/{id}`, a service's `/pros/{providerId}`), which a tap opens. */
function listingAddress(listing: LiveListing): string {
  return listingPagePath(LISTING_KIND_FACTS[listing.kind].publicPage, { id: listing.id, ownerId: listing.ownerId })!;
}
