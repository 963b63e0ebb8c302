import type { PushAbout, PushMessage } from '../../src/domain/push-message';

/**
 * Basha's background jobs by name, with what each carries (JSON, stored in the queue's table). The handlers are in
 * server/jobs/jobs.ts, one for every name here (JobDefinitions makes a missing one a compile error).
 */
export interface JobPayloads {
  /** Removes what is kept only for a while and expires what is due (server/maintenance/cleanup.ts). */
  cleanup: Record<string, never>;
  /** Tells a person on each device they have push on: one `push.send` per device. */
  'push.notify': { userId: string; about: PushAbout };
  /** One push to one device of the person's, retried with backoff while its push service fails. */
  'push.send': { userId: string; subscriptionId: string; message: PushMessage };
}

export type JobName = keyof JobPayloads;
