import type { AlertFrequency } from '../../src/domain/alerts';
import type { ListingKind } from '../../src/domain/listing-kinds';
import type { PushAbout, PushMessage } from '../../src/domain/push-message';

/**
 * Basha's background jobs by name, with what each carries (JSON, stored in the queue's table). The handlers are in
 * server/jobs/jobs.ts, one for every name here (JobDefinitions makes a missing one a compile error).
 */
export interface JobPayloads {
  /** Removes what is kept only for a while and expires what is due (server/maintenance/cleanup.ts). */
  cleanup: Record<string, never>;
  /** A listing was posted or became Active again: record the alerts it matches, and tell the instant ones. */
  'alerts.match-listing': { kind: ListingKind; listingId: string };
  /** Every few minutes: a digest for each person whose daily matches are due (9:00 Dhaka time). */
  'alerts.digest': Record<string, never>;
  /** Tells one person of their due matches of one frequency: by push, or by mail without push. */
  'alerts.send': { userId: string; frequency: AlertFrequency };
  /** Tells a person on each device they have push on: one `push.send` per device. */
  'push.notify': { userId: string; about: PushAbout };
  /** One push to one device of the person's, retried with backoff while its push service fails. */
  'push.send': { userId: string; subscriptionId: string; message: PushMessage };
}

export type JobName = keyof JobPayloads;
