import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_ALERTS_PER_PERSON,
  type AlertFilters,
  type AlertFrequency,
  type AlertRecord,
  type NewAlertValues,
} from '../../src/domain/alerts';
import type { ListingKind } from '../../src/domain/listing-kinds';
import { UNKNOWN_PLACE_MESSAGE } from '../../src/domain/places/place-rules';
import { bundledPlaceIndex, findPlace } from '../../src/domain/places/place-tree';
import { localDigits } from '../../src/i18n/digits';
import { getLocale } from '../../src/i18n/generated/runtime.js';
import { m } from '../../src/i18n/generated/messages.js';
import { isUuid } from '../accounts/users';
import type { Database } from '../db/client';
import { alerts, type AlertRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { lockPoster } from '../http/posting-limit';

/**
 * A person's saved searches (issue 43). At most MAX_ALERTS_PER_PERSON each: a new one counts the person's alerts in
 * a transaction that first locks their user row, so parallel saves by one account count one after another. Saving
 * the same search again (same kind, filters and frequency) answers the one kept, so a double tap or a retry without
 * an Idempotency-Key makes no twin.
 */

export const ALERT_NOT_FOUND_MESSAGE = (): string => m.server_alerts_not_found();

export function toAlertRecord(row: AlertRow): AlertRecord {
  return {
    _id: row.id,
    kind: row.kind as ListingKind,
    filters: row.filters,
    frequency: row.frequency as AlertFrequency,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The schema checks a place id's shape only; here it must name a place of the tree, at any level. */
function checkPlace(filters: AlertFilters): void {
  if (filters.placeId !== undefined && !findPlace(bundledPlaceIndex(), filters.placeId)) {
    const message = UNKNOWN_PLACE_MESSAGE();
    throw new HttpError(400, message, { errors: { 'filters.placeId': [message] } });
  }
}

export async function saveAlert(
  db: Database,
  userId: string,
  input: NewAlertValues,
  now: Date,
): Promise<{ record: AlertRecord; created: boolean }> {
  checkPlace(input.filters);
  return db.transaction(async (tx) => {
    await lockPoster(tx, userId);
    const [same] = await tx
      .select()
      .from(alerts)
      .where(
        and(
          eq(alerts.userId, userId),
          eq(alerts.kind, input.kind),
          eq(alerts.frequency, input.frequency),
          // jsonb equality: the same keys and values, in whatever order they were written.
          sql`${alerts.filters} = ${JSON.stringify(input.filters)}::jsonb`,
        ),
      )
      .limit(1);
    if (same) return { record: toAlertRecord(same), created: false };
    const [held] = await tx.select({ count: count() }).from(alerts).where(eq(alerts.userId, userId));
    if ((held?.count ?? 0) >= MAX_ALERTS_PER_PERSON) {
      throw new HttpError(409, m.server_alerts_limit({ max: localDigits(String(MAX_ALERTS_PER_PERSON), getLocale()) }));
    }
    const [row] = await tx
      .insert(alerts)
      .values({ userId, kind: input.kind, filters: input.filters, frequency: input.frequency, createdAt: now })
      .returning();
    return { record: toAlertRecord(row!), created: true };
  });
}

/** The person's alerts, newest first. */
export async function alertsOf(db: Database, userId: string): Promise<AlertRecord[]> {
  const rows = await db
    .select()
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
  return rows.map(toAlertRecord);
}

/** Deletes one of the person's alerts (its matches go with it); anyone else's, or no alert, is 404. */
export async function deleteAlert(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new HttpError(404, ALERT_NOT_FOUND_MESSAGE());
  const deleted = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id.toLowerCase()), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  if (deleted.length === 0) throw new HttpError(404, ALERT_NOT_FOUND_MESSAGE());
}

/** An alert by id, whoever's it is (the unsubscribe link proves its right by its token). */
export async function findAlert(db: Database, id: string): Promise<AlertRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id.toLowerCase()));
  return row;
}

/** Deletes an alert by id; false when it was not there (any more). */
export async function deleteAlertById(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db.delete(alerts).where(eq(alerts.id, id.toLowerCase())).returning({ id: alerts.id });
  return deleted.length > 0;
}
