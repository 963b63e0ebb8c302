import type { AppDeps } from '../deps';
import { CLEANUP_EVERY, cleanUp } from '../maintenance/cleanup';
import type { JobDefinitions } from './job-queue';
import type { JobPayloads } from './job-names';

/** What each of Basha's jobs does, how often it is tried and how soon it is picked up (server/jobs/job-names.ts). */
export function bashaJobs(deps: AppDeps): JobDefinitions<JobPayloads> {
  return {
    cleanup: {
      every: CLEANUP_EVERY,
      // The next slot is a retry of its own.
      retryLimit: 0,
      pollSeconds: 30,
      handle: () => cleanUp(deps),
    },
  };
}
