/**
 * Basha's background jobs by name, with what each carries (JSON, stored in the queue's table). The handlers are in
 * server/jobs/jobs.ts, one for every name here (JobDefinitions makes a missing one a compile error).
 */
export interface JobPayloads {
  /** Removes what is kept only for a while and expires what is due (server/maintenance/cleanup.ts). */
  cleanup: Record<string, never>;
}

export type JobName = keyof JobPayloads;
