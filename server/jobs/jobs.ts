import type { AppDeps } from '../deps';
import { CLEANUP_EVERY, cleanUp } from '../maintenance/cleanup';
import { DIGEST_EVERY, matchNewListing, sendDueDigests, sendDueMatches } from '../alerts/alert-delivery';
import type { JobDefinitions } from './job-queue';
import type { JobPayloads } from './job-names';
import { notifyPerson, sendToDevice } from '../push/push-jobs';

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
    'alerts.match-listing': {
      retryLimit: 3,
      retryDelaySeconds: 10,
      pollSeconds: 2,
      handle: ({ kind, listingId }) => matchNewListing(deps, kind, listingId),
    },
    'alerts.digest': { every: DIGEST_EVERY, retryLimit: 0, pollSeconds: 30, handle: () => sendDueDigests(deps) },
    'alerts.send': {
      retryLimit: 5,
      retryDelaySeconds: 30,
      pollSeconds: 2,
      handle: ({ userId, frequency }) => sendDueMatches(deps, userId, frequency),
    },
    'push.notify': {
      retryLimit: 3,
      retryDelaySeconds: 10,
      pollSeconds: 2,
      handle: ({ userId, about }) => notifyPerson(deps, userId, about),
    },
    // A push service that fails is asked again after 30 s, 1, 2, 4 and 8 minutes: then the news is old.
    'push.send': { retryLimit: 5, retryDelaySeconds: 30, pollSeconds: 2, handle: (job) => sendToDevice(deps, job) },
  };
}
