import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { API, getJson, newRentAd, placeRentPhotos, type Session } from './api';
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
/** Photos placed for the creation run: more than it can post in DURATION_S on this kind of machine. */
const CREATE_PHOTOS = 6000;

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
  uploadsDir: string,
  session: Session,
  onProgress: (line: string) => void = () => undefined,
): Promise<LoadResult[]> {
  const headers = { authorization: `Bearer ${session.token}`, 'accept-encoding': 'gzip, deflate, br' };
  // A recent cursor (the server's own), and a post to show in detail.
  const first = await getJson<{ data: SyncDelta<RentPost> }>(
    `${directUrl}${API}/rent/rent-posts?since=0`,
    session.token,
  );
  const cursor = first.data.cursor;
  const detailId = first.data.changed[Math.floor(first.data.changed.length / 2)]?._id;
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

  const photos = placeRentPhotos(uploadsDir, CREATE_PHOTOS);
  let next = 0;
  await run(
    'rent create',
    `${API}/rent/create`,
    {
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const photo = photos[Math.min(next, photos.length - 1)] as string;
            const n = next;
            next += 1;
            return {
              ...request,
              headers: {
                ...request.headers,
                ...headers,
                'content-type': 'application/json',
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify(newRentAd(photo, n)),
            };
          },
        },
      ],
    },
    'each request a new ad with its own pre-placed photo and a new Idempotency-Key',
  );
  return results;
}
