import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentPost } from '../../src/domain/rent-post';
import type { ServiceRecord } from '../../src/domain/service';
import { anOffer } from '../../src/domain/service-test-data';
import { reviews } from '../db/schema';
import { validService } from '../security/bad-input-support';
import {
  createTestContext,
  newUserPayload,
  newRentAdPayload,
  registerSignedIn,
  type SignedInUser,
  type TestContext,
} from '../test/test-app';
import { createdRentAd, createdService } from '../test/listing-fixtures';
import { createCdnPurger, PURGE_BATCH_MAX } from './cdn-purge';

/**
 * A real HTTP server stands in for the CDN's purge API; the app is configured with its URL as any deployment
 * would be (CDN_PURGE_URL, CDN_PURGE_TOKEN) and the writes go through the real routes.
 */

const ORIGIN = 'https://basha.example';
const TOKEN = 'purge-token-1';

interface PurgeCall {
  authorization: string | undefined;
  contentType: string | undefined;
  files: string[];
}

let cdn: Server;
let calls: PurgeCall[] = [];
/** How the stand-in answers: at once, with a 500, or not within the purge's timeout. */
let mode: 'ok' | 'fail' | 'slow' = 'ok';

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });

let ctx: TestContext;
let moderator: SignedInUser;
let owner: SignedInUser;
let client: SignedInUser;
const moderatorEmail = `purge-mod-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  cdn = createServer((request, response) => {
    void readBody(request).then((body) => {
      const parsed: unknown = JSON.parse(body);
      const files =
        typeof parsed === 'object' && parsed !== null && 'files' in parsed && Array.isArray(parsed.files)
          ? parsed.files.map(String)
          : [];
      calls.push({
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        files,
      });
      if (mode === 'slow') {
        setTimeout(() => response.end('{"success":true}'), 5000).unref();
        return;
      }
      response.statusCode = mode === 'fail' ? 500 : 200;
      response.end(mode === 'fail' ? '{"success":false}' : '{"success":true}');
    });
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  const { port } = cdn.address() as AddressInfo;
  ctx = await createTestContext({
    env: {
      PUBLIC_URL: ORIGIN,
      CDN_PURGE_URL: `http://127.0.0.1:${port}/client/v4/zones/zone-1/purge_cache`,
      CDN_PURGE_TOKEN: TOKEN,
      CDN_PURGE_TIMEOUT_MS: '300',
      MODERATOR_EMAILS: moderatorEmail,
    },
  });
  moderator = await registerSignedIn(ctx, 'moderator', { email: moderatorEmail });
  [owner, client] = await Promise.all([registerSignedIn(ctx, 'purge-owner'), registerSignedIn(ctx, 'purge-client')]);
});

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => cdn.close(resolve));
});

const pagesOf = (kind: 'rent' | 'pros', id: string) => [
  `${ORIGIN}/${kind}/${id}`,
  `${ORIGIN}/${kind}/${id}?lang=en`,
  `${ORIGIN}/${kind}/${id}?lang=bn`,
];

/** The URLs purged by the calls a write causes, once the app's purger has sent them all. */
async function purgedDuring(write: () => Promise<unknown>): Promise<string[]> {
  // The purges of the writes that set the scene go first.
  await ctx.cdnPurger.idle();
  calls = [];
  const answer = await write();
  // A write the test means to succeed: a purge missing because the write failed would be a puzzling failure.
  if (answer && typeof answer === 'object' && 'status' in answer)
    expect(answer.status, JSON.stringify('body' in answer ? answer.body : '')).toBeLessThan(300);
  await ctx.cdnPurger.idle();
  return calls.flatMap((call) => call.files).sort();
}

function newAd(): Promise<RentPost> {
  return createdRentAd(ctx, owner.token);
}

const newService = (by = owner) => createdService(ctx, by, { status: 'active', ratings: [], provider: by.id });

describe('CDN purge after writes (issue 20, point 1)', () => {
  it('purges a rent ad’s public pages when it is posted, edited, marked Booked and deleted', async () => {
    mode = 'ok';
    let ad: RentPost | undefined;
    expect(
      await purgedDuring(async () => {
        ad = await newAd();
      }),
    ).toEqual(pagesOf('rent', ad!._id).sort());
    expect(calls[0]).toMatchObject({ authorization: `Bearer ${TOKEN}`, contentType: 'application/json' });

    const id = ad!._id;
    expect(
      await purgedDuring(() =>
        ctx.request('PATCH', `/api/v1/rent/update/${id}`, {
          token: owner.token,
          json: newRentAdPayload(ad!.imageUrls, { cost: 19000 }),
        }),
      ),
    ).toEqual(pagesOf('rent', id).sort());
    expect(
      await purgedDuring(() =>
        ctx.request('PATCH', `/api/v1/rent/status/${id}`, { token: owner.token, json: { status: 'Booked' } }),
      ),
    ).toEqual(pagesOf('rent', id).sort());
    expect(
      await purgedDuring(() => ctx.request('DELETE', `/api/v1/rent/delete/${id}`, { token: owner.token })),
    ).toEqual(pagesOf('rent', id).sort());
  });

  it('purges nothing for a refused write or a read', async () => {
    mode = 'ok';
    const ad = await newAd();
    expect(
      await purgedDuring(async () => {
        // Not the poster's: 403 (the helper only checks an answer handed back). A read.
        const refused = await ctx.request('PATCH', `/api/v1/rent/status/${ad._id}`, {
          token: client.token,
          json: { status: 'Booked' },
        });
        expect(refused.status).toBe(403);
        await ctx.request('GET', `/api/v1/rent/view-details/${ad._id}`, { token: client.token });
      }),
    ).toEqual([]);
  });

  it('purges the provider page when a service is offered, edited or deleted, and when a review is added', async () => {
    mode = 'ok';
    let service: ServiceRecord | undefined;
    expect(
      await purgedDuring(async () => {
        service = await newService();
      }),
    ).toEqual(pagesOf('pros', owner.id).sort());
    const id = service!._id;
    expect(
      await purgedDuring(() =>
        ctx.request('POST', `/api/v1/profession/add-feedback/${id}`, {
          token: client.token,
          json: { rating: 5, feedback: 'Fixed the leak in an hour.', client: client.id },
        }),
      ),
    ).toEqual(pagesOf('pros', owner.id).sort());
    expect(
      await purgedDuring(() =>
        ctx.request('PATCH', `/api/v1/profession/update-profile/${id}`, {
          token: owner.token,
          json: { ...validService(), category: 'Plumber', status: 'active', minimumPrice: 600 },
        }),
      ),
    ).toEqual(pagesOf('pros', owner.id).sort());
    expect(
      await purgedDuring(() => ctx.request('DELETE', `/api/v1/profession/delete/${id}`, { token: owner.token })),
    ).toEqual(pagesOf('pros', owner.id).sort());
  });

  it('purges every page a person shows on when their name changes: their provider page, ads and reviews', async () => {
    mode = 'ok';
    const reviewer = await registerSignedIn(ctx, 'purge-reviewer');
    const provider = await registerSignedIn(ctx, 'purge-provider');
    const service = await newService(provider);
    await ctx.request('POST', `/api/v1/profession/add-feedback/${service._id}`, {
      token: reviewer.token,
      json: { rating: 4, feedback: 'On time and tidy.', client: reviewer.id },
    });
    const { profileImage: _photo, ...details } = newUserPayload(reviewer.email);
    const purged = await purgedDuring(() =>
      ctx.request('PATCH', `/api/v1/user/update-details/${reviewer.id}`, {
        token: reviewer.token,
        json: { ...details, name: 'Karim Uddin', occupation: '', nid: '' },
      }),
    );
    expect(purged).toEqual([...pagesOf('pros', reviewer.id), ...pagesOf('pros', provider.id)].sort());
  });

  it('purges what a moderator hides: an ad, a service’s provider page, a review’s provider page', async () => {
    mode = 'ok';
    const ad = await newAd();
    const service = await newService();
    await ctx.request('POST', `/api/v1/profession/add-feedback/${service._id}`, {
      token: client.token,
      json: { rating: 1, feedback: 'Rude words here, to be hidden.', client: client.id },
    });
    const [review] = await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.serviceId, service._id));
    const hide = (kind: string, targetId: string) =>
      ctx.request('POST', '/api/v1/moderation/hide', {
        token: moderator.token,
        json: { kind, targetId, reason: 'scam' },
      });
    expect(await purgedDuring(() => hide('rent', ad._id))).toEqual(pagesOf('rent', ad._id).sort());
    expect(await purgedDuring(() => hide('review', review!.id))).toEqual(pagesOf('pros', owner.id).sort());
    expect(await purgedDuring(() => hide('service', service._id))).toEqual(pagesOf('pros', owner.id).sort());
  });

  it('never fails or holds up the write when the purge endpoint fails or hangs; the failure is logged', async () => {
    for (const failing of ['fail', 'slow'] as const) {
      mode = failing;
      ctx.logger.errors.length = 0;
      const started = performance.now();
      const response = await ctx.request('POST', `/api/v1/profession/create-profile/${client.id}`, {
        token: client.token,
        json: anOffer({ status: 'active', ratings: [], provider: client.id, category: 'Tutor' }),
      });
      // The answer does not wait for the purge (which goes 200 ms later and is cut off at 300 ms).
      expect(response.status).toBe(201);
      expect(performance.now() - started).toBeLessThan(2000);
      await expect
        .poll(() => ctx.logger.errors.map((error) => error.message).join('\n'), { timeout: 3000 })
        .toMatch(failing === 'fail' ? /CDN purge of 3 URLs answered 500/ : /CDN purge of 3 URLs failed/);
    }
    mode = 'ok';
  });
});

describe('the purger', () => {
  it('sends a path named twice once, in batches the CDN accepts, and nothing at all when unconfigured', async () => {
    const bodies: string[][] = [];
    const fakeFetch: typeof fetch = async (_url, init) => {
      bodies.push((JSON.parse(String(init?.body)) as { files: string[] }).files);
      return new Response('{}');
    };
    const purger = createCdnPurger(
      { url: 'https://cdn.example/purge', token: undefined, timeoutMs: 1000 },
      { publicUrl: ORIGIN, fetch: fakeFetch, gatherMs: 10 },
    );
    const paths = Array.from({ length: PURGE_BATCH_MAX + 5 }, (_, i) => `/rent/${i}`);
    purger.purge(paths);
    purger.purge(['/rent/0', '/rent/1']);
    await purger.idle();
    expect(bodies.map((files) => files.length)).toEqual([PURGE_BATCH_MAX, 5]);
    expect(new Set(bodies.flat()).size).toBe(PURGE_BATCH_MAX + 5);
    expect(bodies[0]![0]).toBe(`${ORIGIN}/rent/0`);

    let called = false;
    const none = createCdnPurger(undefined, {
      publicUrl: ORIGIN,
      fetch: async () => {
        called = true;
        return new Response();
      },
    });
    none.purge(['/rent/1']);
    await none.idle();
    expect(called).toBe(false);
  });
});
