import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscriptionRecord } from '../../src/domain/push-subscription';
import type { Database } from '../db/client';
import { pushSubscriptions, type PushSubscriptionRow } from '../db/schema';
import { lockPoster } from '../http/posting-limit';
import type { PushTarget } from './push-sender';

/**
 * Each person's browsers subscribed to push (`push_subscriptions`): one row per endpoint, so a device that subscribes
 * again refreshes its row and a device that subscribes for another account moves to it (one browser profile has one
 * endpoint per server key, and a shared phone should tell only the person signed in now). At most
 * PUSH_SUBSCRIPTIONS_MAX per person: a new one beyond that drops the one refreshed longest ago, which is most likely
 * a browser no longer used.
 */

/** Every subscription of a person, for sending to each of their devices. */
export function subscriptionsOf(db: Database, userId: string): Promise<(PushTarget & { id: string })[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt));
}

/** Forgets a subscription its push service called gone (404 or 410), whoever holds it now. */
export async function removeSubscription(db: Database, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/**
 * Stores a person's subscription, or refreshes (and if need be moves) the row of its endpoint. `created` is false
 * only when the endpoint already was this person's.
 */
export async function saveSubscription(
  db: Database,
  userId: string,
  subscription: PushTarget,
  now: Date,
): Promise<{ row: PushSubscriptionRow; created: boolean }> {
  return db.transaction(async (tx) => {
    // One person's subscribes one after another, so the cap below counts what each of them left.
    await lockPoster(tx, userId);
    const [before] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, ...subscription, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          updatedAt: now,
          // A device moving to another account starts afresh there.
          userId,
          createdAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.createdAt} else excluded.created_at end`,
        },
      })
      .returning();
    if (!row) throw new Error('The push subscription was not stored');
    const beyondCap = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .offset(PUSH_SUBSCRIPTIONS_MAX);
    if (beyondCap.length > 0) {
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          beyondCap.map(({ id }) => id),
        ),
      );
    }
    return { row, created: before?.userId !== userId };
  });
}

/** Forgets one of the caller's own subscriptions; another person's endpoint is left alone, without a word. */
export async function removeOwnSubscription(db: Database, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export function toSubscriptionRecord(row: PushSubscriptionRow): PushSubscriptionRecord {
  return { endpoint: row.endpoint, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
