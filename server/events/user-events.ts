import { sql } from 'drizzle-orm';
import type { UserEvent } from '../../src/domain/user-events';
import type { Database } from '../db/client';
import { userEvents } from '../db/schema';

/**
 * Recording what changed for a person, for the event stream (./event-stream.ts). Call it inside the change's own
 * transaction: the row is then there exactly when the change is, and the NOTIFY, which PostgreSQL (and PGlite)
 * deliver only at commit, reaches every listening server process once the row can be read. A rolled-back change
 * leaves neither.
 */

/** The channel every server process LISTENs on; a notification's payload is the person's user id. */
export const USER_EVENTS_CHANNEL = 'basha_events';

export async function recordEvent(tx: Database, userId: string, event: UserEvent): Promise<void> {
  await tx.insert(userEvents).values({ userId, type: event.type, data: event });
  await tx.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${userId})`);
}
