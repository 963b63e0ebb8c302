import type { JobDefinitions, JobSender } from '../jobs/job-queue';
import type { JobName, JobPayloads } from '../jobs/job-names';

export type SentJob = { [N in JobName]: { name: N; data: JobPayloads[N] } }[JobName];

/**
 * The job queue of a route test: it keeps what the routes send, and runs it with the app's own handlers when the
 * test says (`runSent`), so a test sees the whole effect without waiting for a worker to poll. The queue itself
 * (pg-boss: once only, retries, schedules) is tested on both engines in server/jobs/job-queue.test.ts.
 */
export interface TestJobs extends JobSender<JobPayloads> {
  sent: SentJob[];
  /** Runs every job sent so far, and those they send, in order, then forgets them. */
  runSent(definitions: JobDefinitions<JobPayloads>): Promise<void>;
}

export function createTestJobs(): TestJobs {
  const sent: SentJob[] = [];
  return {
    sent,
    send: async (name, data) => {
      sent.push({ name, data } as SentJob);
    },
    async runSent(definitions) {
      while (sent.length > 0) {
        const job = sent.shift()!;
        await (definitions[job.name].handle as (data: unknown) => Promise<void>)(job.data);
      }
    },
  };
}
