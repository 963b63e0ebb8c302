import { and, count, desc, eq, inArray, isNull, max, notExists, or, sql } from 'drizzle-orm';
import { assertNever, isListingKind, LISTING_KINDS } from '../../src/domain/listing-kinds';
import {
  isReportKind,
  isReportReason,
  MODERATION_PAGE_SIZE,
  REPORTER_AGES_SHOWN,
  type HiddenItem,
  type ModerationAction,
  type ReportGroup,
  type ReportKind,
  type ReportPayload,
  type ReportReason,
} from '../../src/domain/report';
import { isUuid } from '../accounts/users';
import type { Database } from '../db/client';
import { hiddenItems, reports, reviews, services, users } from '../db/schema';
import { LISTING_TABLES } from '../listings/kinds';

/**
 * Reports and hiding (issue 21, point 4). Hiding never deletes: a listing (a rent ad, a service) becomes a tombstone
 * of its own table (deleted_at, with updated_at moved so the next delta of every phone drops it and the table's
 * change mark moves; server/listings/kinds.ts), a review gets `hidden_at` (it leaves its service's rating, and the
 * service is touched so deltas carry the new rating), a person is listed in hidden_items and their listings and
 * reviews go as above. hidden_items keeps what was hidden, whose it was and why, for the owner to read.
 */

/** A live item someone may report, with its owner and a few of the owner's own words naming it. */
export interface ReportTarget {
  ownerId: string;
  label: string;
}

const LABEL_LENGTH = 80;

function shortLabel(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LABEL_LENGTH ? `${flat.slice(0, LABEL_LENGTH - 1)}…` : flat;
}

/** The live item of that kind, or undefined: deleted, hidden and unknown items cannot be reported or hidden. */
export async function findReportTarget(
  db: Database,
  kind: ReportKind,
  targetId: string,
): Promise<ReportTarget | undefined> {
  if (!isUuid(targetId)) return undefined;
  const id = targetId.toLowerCase();
  if (isListingKind(kind)) {
    const listing = await LISTING_TABLES[kind].reportTarget(db, id);
    return listing && { ownerId: listing.ownerId, label: shortLabel(listing.text) };
  }
  switch (kind) {
    case 'review': {
      const [row] = await db
        .select({ ownerId: reviews.clientId, feedback: reviews.feedback })
        .from(reviews)
        .innerJoin(services, eq(services.id, reviews.serviceId))
        .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt), isNull(services.deletedAt)));
      return row && { ownerId: row.ownerId, label: shortLabel(`“${row.feedback}”`) };
    }
    case 'user': {
      const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id));
      if (!row || (await isHiddenUser(db, row.id))) return undefined;
      return { ownerId: row.id, label: shortLabel(row.name) };
    }
    // Issue 42: reports of conversations are taken once the conversations' routes are in (not yet on this branch).
    case 'conversation':
      return undefined;
    default:
      return assertNever(kind);
  }
}

export async function isHiddenUser(db: Database, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const [row] = await db
    .select({ kind: hiddenItems.kind })
    .from(hiddenItems)
    .where(and(eq(hiddenItems.kind, 'user'), eq(hiddenItems.targetId, userId.toLowerCase())));
  return row !== undefined;
}

/**
 * Files a report. Answers false when the reporter already has an open report of this target: the partial unique
 * index decides, so two requests at once cannot both file one.
 */
export async function fileReport(
  db: Database,
  reporter: { id: string; clientKey: string },
  report: ReportPayload,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(reports)
    .values({
      reporterId: reporter.id,
      clientKey: reporter.clientKey,
      kind: report.kind,
      targetId: report.targetId,
      reason: report.reason,
      details: report.details,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return inserted.length > 0;
}

/** How many details of a group's newest reports the moderator reads in the list. */
const DETAILS_SHOWN = 3;

/** One page of open reports, grouped by target, the most recently reported first. */
export async function openReportGroups(
  db: Database,
  page: number,
): Promise<{ groups: ReportGroup[]; nextPage: number | null }> {
  const latest = max(reports.createdAt);
  const rows = await db
    .select({ kind: reports.kind, targetId: reports.targetId, count: count(), latestAt: latest })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.kind, reports.targetId)
    .orderBy(desc(latest), reports.kind, reports.targetId)
    .limit(MODERATION_PAGE_SIZE + 1)
    .offset((page - 1) * MODERATION_PAGE_SIZE);
  const pageRows = rows.slice(0, MODERATION_PAGE_SIZE);
  if (pageRows.length === 0) return { groups: [], nextPage: null };
  const inPage = or(...pageRows.map((row) => and(eq(reports.kind, row.kind), eq(reports.targetId, row.targetId))));
  const reasonRows = await db
    .select({ kind: reports.kind, targetId: reports.targetId, reason: reports.reason, count: count() })
    .from(reports)
    .where(and(eq(reports.status, 'open'), inPage))
    .groupBy(reports.kind, reports.targetId, reports.reason)
    .orderBy(desc(count()));
  const detailRows = await db
    .select({ kind: reports.kind, targetId: reports.targetId, details: reports.details })
    .from(reports)
    .where(and(eq(reports.status, 'open'), inPage, sql`${reports.details} <> ''`))
    .orderBy(desc(reports.createdAt));
  // What the reports weigh: verified reporters who are not hidden, one per client address (a report filed before the
  // address was kept counts as its reporter's own).
  const weightRows = await db
    .select({
      kind: reports.kind,
      targetId: reports.targetId,
      weight: sql<number>`count(distinct coalesce(${reports.clientKey}, ${reports.reporterId}::text))::int`,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(reports.status, 'open'),
        inPage,
        eq(users.isVerified, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(hiddenItems)
            .where(and(eq(hiddenItems.kind, 'user'), eq(hiddenItems.targetId, reports.reporterId))),
        ),
      ),
    )
    .groupBy(reports.kind, reports.targetId);
  const reporterRows = await db
    .select({ kind: reports.kind, targetId: reports.targetId, since: users.createdAt })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(reports.status, 'open'), inPage))
    .orderBy(desc(reports.createdAt), reports.id);
  const groups: ReportGroup[] = [];
  for (const row of pageRows) {
    const key = (other: { kind: string; targetId: string }) =>
      other.kind === row.kind && other.targetId === row.targetId;
    const { kind } = row;
    // The table's check allows only the report kinds.
    if (!isReportKind(kind)) continue;
    const target = await findReportTarget(db, kind, row.targetId);
    groups.push({
      kind,
      targetId: row.targetId,
      // A target gone since (deleted by its owner) is still listed, so that its reports can be dismissed.
      label: target?.label ?? '',
      ownerId: target?.ownerId ?? '',
      count: row.count,
      weight: weightRows.find(key)?.weight ?? 0,
      reporterSince: reporterRows
        .filter(key)
        .slice(0, REPORTER_AGES_SHOWN)
        .map((reporter) => reporter.since.toISOString()),
      reasons: reasonRows
        .filter(key)
        .flatMap((reason) => (isReportReason(reason.reason) ? [{ reason: reason.reason, count: reason.count }] : [])),
      latestAt: (row.latestAt ?? new Date(0)).toISOString(),
      details: detailRows
        .filter(key)
        .slice(0, DETAILS_SHOWN)
        .map((detail) => detail.details),
    });
  }
  return { groups, nextPage: rows.length > MODERATION_PAGE_SIZE ? page + 1 : null };
}

/** The reason most of a target's open reports give (ties: the first in REPORT_REASONS order of the query). */
async function commonestReason(db: Database, kind: ReportKind, targetId: string): Promise<ReportReason> {
  const [row] = await db
    .select({ reason: reports.reason, count: count() })
    .from(reports)
    .where(and(eq(reports.status, 'open'), eq(reports.kind, kind), eq(reports.targetId, targetId)))
    .groupBy(reports.reason)
    .orderBy(desc(count()), reports.reason)
    .limit(1);
  return row && isReportReason(row.reason) ? row.reason : 'other';
}

async function closeReports(
  db: Database,
  kind: ReportKind,
  targetId: string,
  status: 'hidden' | 'dismissed',
  now: Date,
): Promise<number> {
  const closed = await db
    .update(reports)
    .set({ status, closedAt: now })
    .where(and(eq(reports.status, 'open'), eq(reports.kind, kind), eq(reports.targetId, targetId)))
    .returning({ id: reports.id });
  return closed.length;
}

export type HideOutcome =
  | { type: 'hidden'; ownerId: string; label: string; reason: ReportReason }
  | { type: 'already-hidden' }
  | { type: 'not-found' };

/** Hides a target and closes its open reports, in one transaction. */
export async function hideTarget(
  db: Database,
  action: ModerationAction,
  moderatorId: string,
  now: Date,
): Promise<HideOutcome> {
  return db.transaction(async (tx) => {
    const { kind, targetId } = action;
    const target = await findReportTarget(tx, kind, targetId);
    if (!target) {
      const [hidden] = await tx
        .select({ kind: hiddenItems.kind })
        .from(hiddenItems)
        .where(and(eq(hiddenItems.kind, kind), eq(hiddenItems.targetId, targetId)));
      if (!hidden) return { type: 'not-found' };
      await closeReports(tx, kind, targetId, 'hidden', now);
      return { type: 'already-hidden' };
    }
    const reason = action.reason ?? (await commonestReason(tx, kind, targetId));
    if (isListingKind(kind)) await LISTING_TABLES[kind].hide(tx, targetId, now);
    else if (kind === 'review') await hideReview(tx, targetId, now);
    else if (kind === 'user') await hideEverythingOf(tx, targetId, now);
    else if (kind !== 'conversation') assertNever(kind);
    await tx
      .insert(hiddenItems)
      .values({
        kind,
        targetId,
        ownerId: target.ownerId,
        reason,
        label: target.label,
        hiddenBy: moderatorId,
        hiddenAt: now,
      })
      .onConflictDoNothing();
    await closeReports(tx, kind, targetId, 'hidden', now);
    return { type: 'hidden', ownerId: target.ownerId, label: target.label, reason };
  });
}

async function hideReview(tx: Database, reviewId: string, now: Date): Promise<void> {
  const [review] = await tx
    .update(reviews)
    .set({ hiddenAt: now })
    .where(eq(reviews.id, reviewId))
    .returning({ serviceId: reviews.serviceId });
  // The service's rating changed: its updated_at moves, so deltas and cached details carry the new one.
  if (review) await tx.update(services).set({ updatedAt: now }).where(eq(services.id, review.serviceId));
}

/** A hidden person's listings (of every kind) and reviews go with them; open reports of those close too. */
async function hideEverythingOf(tx: Database, userId: string, now: Date): Promise<void> {
  const reviewed = tx
    .select({ id: reviews.serviceId })
    .from(reviews)
    .where(and(eq(reviews.clientId, userId), isNull(reviews.hiddenAt)));
  await tx
    .update(services)
    .set({ updatedAt: now })
    .where(and(isNull(services.deletedAt), inArray(services.id, reviewed)));
  await tx
    .update(reviews)
    .set({ hiddenAt: now })
    .where(and(eq(reviews.clientId, userId), isNull(reviews.hiddenAt)));
  for (const kind of LISTING_KINDS) await LISTING_TABLES[kind].hideAllOf(tx, userId, now);
  const theirs = or(
    ...LISTING_KINDS.map((kind) =>
      and(eq(reports.kind, kind), inArray(reports.targetId, LISTING_TABLES[kind].idsOwnedBy(tx, userId))),
    ),
    and(
      eq(reports.kind, 'review'),
      inArray(reports.targetId, tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.clientId, userId))),
    ),
  );
  await tx
    .update(reports)
    .set({ status: 'hidden', closedAt: now })
    .where(and(eq(reports.status, 'open'), theirs));
}

/** Closes a target's open reports and leaves the target as it is. Answers how many were closed. */
export async function dismissReports(db: Database, action: ModerationAction, now: Date): Promise<number> {
  return closeReports(db, action.kind, action.targetId, 'dismissed', now);
}

/** What moderators hid of this person's, newest first (their profile shows it, with the reason). */
export async function hiddenItemsOf(db: Database, ownerId: string): Promise<HiddenItem[]> {
  const rows = await db
    .select()
    .from(hiddenItems)
    .where(eq(hiddenItems.ownerId, ownerId))
    .orderBy(desc(hiddenItems.hiddenAt))
    .limit(50);
  return rows.flatMap((row) =>
    isReportReason(row.reason) && isReportKind(row.kind)
      ? [
          {
            kind: row.kind,
            targetId: row.targetId,
            label: row.label,
            reason: row.reason,
            hiddenAt: row.hiddenAt.toISOString(),
          },
        ]
      : [],
  );
}
