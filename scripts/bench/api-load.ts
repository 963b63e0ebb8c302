import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { RENT_ADS_PER_DAY } from '../../src/domain/posting-limits';
import {
  API,
  getJson,
  newRentAd,
  posterOf,
  signUpPosters,
  syncAllPages,
  uploadPhotosForAds,
  type MailUrl,
  type Session,
} from './api';
import { round } from './stats';
import type { RentPost } from '../../src/domain/rent-post';
import type { SyncDelta } from '../../src/domain/sync-cursor';

/**
 * Section c: the API under load with autocannon, a fixed number of connections for a fixed time per
 * endpoint, from this process (the server runs in its own; both share the machine). Requests carry a session
 * token and `Accept-Encoding: gzip, deflate, br` as a browser's do.
 */

export const CONNECTIONS = 10;
export const DURATION_S = 10;
/**
 * Accounts that post in the creation run. Each may post RENT_ADS_PER_DAY ads (src/domain/posting-limits.ts), so
 * the run stops after that many times as many ads: more than it can post in DURATION_S on this kind of machine.
 */
const CREATE_POSTERS = 60;
const CREATE_ADS = CREATE_POSTERS * RENT_ADS_PER_DAY;

export interface LoadResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  note?: string;
}

export async function runApiLoad(
  directUrl: string,
  mailUrl: MailUrl,
  session: Session,
  onProgress: (line: string) => void = () => undefined,
): Promise<LoadResult[]> {
  const headers = { authorization: `Bearer ${session.token}`, 'accept-encoding': 'gzip, deflate, br' };
  // A recent cursor (the server's own, after a whole first sync), and a post to show in detail.
  const first = await syncAllPages(directUrl, session);
  const cursor = first.cursor;
  const detailId = first.changed[Math.floor(first.changed.length / 2)]?._id;
  if (!detailId) throw new Error('no rent post to show in detail');
  const delta = await getJson<{ data: SyncDelta<RentPost> }>(
    `${directUrl}${API}/rent/rent-posts?since=${cursor}`,
    session.token,
  );

  const results: LoadResult[] = [];
  const run = async (name: string, path: string, options: Partial<autocannon.Options> = {}, note?: string) => {
    onProgress(`  ${name}: ${CONNECTIONS} connections, ${DURATION_S} s ...`);
    const result = await autocannon({
      url: `${directUrl}${path}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers,
      ...options,
    });
    results.push({
      name,
      path,
      requestsPerSecond: round(result.requests.average, 1),
      latencyP50Ms: round(result.latency.p50, 1),
      latencyP99Ms: round(result.latency.p99, 1),
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      ...(note ? { note } : {}),
    });
  };

  await run(
    'rent list (delta)',
    `${API}/rent/rent-posts?since=${cursor}`,
    {},
    `${delta.data.changed.length} changed rows per answer`,
  );
  await run('rent detail', `${API}/rent/view-details/${detailId}`);
  await run('find-services (all)', `${API}/profession/find-services/all`);

  onProgress(`  rent create: signing up and verifying ${CREATE_POSTERS} posting accounts ...`);
  const posters = await signUpPosters(directUrl, mailUrl, CREATE_POSTERS);
  onProgress(`  rent create: the posters upload ${CREATE_ADS} photos (not timed) ...`);
  const photos = await uploadPhotosForAds(directUrl, posters, CREATE_ADS);
  let next = 0;
  await run(
    'rent create',
    `${API}/rent/create`,
    {
      amount: CREATE_ADS,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const n = Math.min(next, CREATE_ADS - 1);
            next += 1;
            return {
              ...request,
              headers: {
                ...request.headers,
                ...headers,
                authorization: `Bearer ${posterOf(posters, n).token}`,
                'content-type': 'application/json',
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify(newRentAd(photos[n] as string, n)),
            };
          },
        },
      ],
    },
    `each request a new ad with a photo its poster uploaded beforehand and a new Idempotency-Key, ` +
      `${RENT_ADS_PER_DAY} ads per account over ${CREATE_POSTERS} verified accounts (the daily limit)`,
  );
  return results;
}
