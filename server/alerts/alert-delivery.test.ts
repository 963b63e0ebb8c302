import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertFilters, AlertFrequency, AlertRecord } from '../../src/domain/alerts';
import type { ListingKind } from '../../src/domain/listing-kinds';
import type { PushMessage } from '../../src/domain/push-message';
import { alertMatches, rentPosts } from '../db/schema';
import { createTestJobs } from '../test/test-jobs';
import { createdRentAd, createdService } from '../test/listing-fixtures';
import { startLocalPushService, type LocalPushService, type LocalPushSubscription } from '../test/push-service';
import { rentAdOf } from '../requests/request-test-kit';
import { mailsTo, registerSignedIn, secondInstance, testContextForFile, type SignedInUser } from '../test/test-app';
import { sendDueMatches } from './alert-delivery';
import { matchListing } from './alert-matching';

/**
 * From a listing going live to the person told (issue 43): the routes send the matching job in their transaction,
 * the job records the matches and sends the instant ones at once (a push to each device, or a mail without push),
 * the daily ones wait for 9:00 in Dhaka, and a match is told once, however many processes claim it together.
 */

const ctx = testContextForFile();
let service: LocalPushService;
let poster: SignedInUser;

beforeAll(async () => {
  service = await startLocalPushService();
  poster = await registerSignedIn(ctx, 'delivery-poster');
});
afterAll(() => service.close());

async function alertOf(
  person: SignedInUser,
  kind: ListingKind,
  filters: AlertFilters,
  frequency: AlertFrequency,
): Promise<AlertRecord> {
  const answer = await ctx.request<AlertRecord>('POST', '/api/v1/alerts', {
    token: person.token,
    json: { kind, filters, frequency },
  });
  expect(answer.status).toBe(201);
  return answer.body.data!;
}

async function deviceOf(person: SignedInUser): Promise<LocalPushSubscription> {
  const device = service.subscribe({ applicationServerKey: ctx.config.push.vapid.publicKey });
  const answer = await ctx.request('PUT', '/api/v1/push/subscriptions', { json: device, token: person.token });
  expect(answer.status).toBe(201);
  return device;
}

const pushesTo = (device: LocalPushSubscription) =>
  service.received.filter((push) => push.endpoint === device.endpoint).map((push) => push.payload as PushMessage);

/** A clock time in Dhaka today (UTC+6) by the test's clock: `dhakaAt(8, 59)` is 02:59 UTC. */
function setDhakaTime(hours: number, minutes: number) {
  const now = ctx.clock.now();
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours - 6, minutes);
  ctx.clock.advance(target - now.getTime());
}

describe('instant alerts', () => {
  it('pushes a new matching ad to each device at once, once, never the poster’s own, and not a non-match', async () => {
    const renter = await registerSignedIn(ctx, 'delivery-renter');
    const phone = await deviceOf(renter);
    await alertOf(renter, 'rent', { placeId: 'ds-47', maxPrice: 20000 }, 'instant');
    // The poster's own alert for the same search is never told of their own ad.
    const posterPhone = await deviceOf(poster);
    await alertOf(poster, 'rent', { placeId: 'ds-47' }, 'instant');

    const ad = await createdRentAd(ctx, poster.token, { placeId: 'ar-dhanmondi', cost: 18000 });
    await createdRentAd(ctx, poster.token, { placeId: 'ar-dhanmondi', cost: 25000 });
    expect(ctx.jobs.sent.filter((job) => job.name === 'alerts.match-listing')).toHaveLength(2);
    await ctx.runJobs();

    expect(pushesTo(phone)).toEqual([{ type: 'alert', kind: 'rent', count: 1, url: `/rent/${ad._id}`, lang: 'en' }]);
    expect(pushesTo(posterPhone)).toEqual([]);

    // Matched again (a retry of the job, the ad Booked then Active again): nothing more.
    await ctx.request('PATCH', `/api/v1/rent/status/${ad._id}`, { token: poster.token, json: { status: 'Booked' } });
    const active = await ctx.request('PATCH', `/api/v1/rent/status/${ad._id}`, {
      token: poster.token,
      json: { status: 'Active' },
    });
    expect(active.status).toBe(200);
    expect(ctx.jobs.sent.map((job) => job.name)).toEqual(['alerts.match-listing']);
    await ctx.runJobs();
    expect(pushesTo(phone)).toHaveLength(1);
  });

  it('tells of an ad that becomes Active again, and of a new service, to the person who watches for it', async () => {
    const renter = await registerSignedIn(ctx, 'delivery-relisted');
    const phone = await deviceOf(renter);
    await alertOf(renter, 'rent', { placeId: 'ar-mirpur' }, 'instant');
    await alertOf(renter, 'service', { category: 'Plumber', placeId: 'ds-47' }, 'instant');
    const booked = await rentAdOf(ctx, poster, { placeId: 'ar-mirpur', status: 'Booked' });

    await ctx.request('PATCH', `/api/v1/rent/status/${booked}`, { token: poster.token, json: { status: 'Active' } });
    const plumber = await createdService(ctx, poster, { category: 'Plumber', servicePlaceIds: ['ar-mirpur'] });
    await ctx.runJobs();

    expect(pushesTo(phone).map(({ url }) => url)).toEqual([`/rent/${booked}`, `/pros/${plumber.provider._id}`]);
  });

  it('mails a person without push, with a link to the ad, and leaves the push services alone', async () => {
    const renter = await registerSignedIn(ctx, 'delivery-mailed');
    await alertOf(renter, 'rent', { placeId: 'ar-agrabad' }, 'instant');
    const before = service.received.length;
    const ad = await rentAdOf(ctx, poster, { placeId: 'ar-agrabad', status: 'Booked' });
    await ctx.request('PATCH', `/api/v1/rent/status/${ad}`, { token: poster.token, json: { status: 'Active' } });
    await ctx.runJobs();

    const mails = await mailsTo(renter.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/rent/${ad}`);
    expect(service.received.length).toBe(before);
  });
});

describe('daily alerts', () => {
  it('wait for 9:00 in Dhaka, then go in one push, without a listing hidden since', async () => {
    setDhakaTime(7, 0);
    const renter = await registerSignedIn(ctx, 'delivery-daily');
    const phone = await deviceOf(renter);
    await alertOf(renter, 'rent', { placeId: 'ar-nasirabad' }, 'daily');
    const kept = [
      await rentAdOf(ctx, poster, { placeId: 'ar-nasirabad', status: 'Booked' }),
      await rentAdOf(ctx, poster, { placeId: 'ar-nasirabad', status: 'Booked' }),
    ];
    const hiddenSince = await rentAdOf(ctx, poster, { placeId: 'ar-nasirabad', status: 'Booked' });
    for (const id of [...kept, hiddenSince]) {
      await ctx.request('PATCH', `/api/v1/rent/status/${id}`, { token: poster.token, json: { status: 'Active' } });
    }
    await ctx.runJobs();
    expect(pushesTo(phone)).toEqual([]);
    await ctx.db.update(rentPosts).set({ deletedAt: ctx.clock.now() }).where(eq(rentPosts.id, hiddenSince));

    setDhakaTime(8, 59);
    await ctx.jobs.send('alerts.digest', {});
    await ctx.runJobs();
    expect(pushesTo(phone)).toEqual([]);

    setDhakaTime(9, 0);
    await ctx.jobs.send('alerts.digest', {});
    await ctx.runJobs();
    expect(pushesTo(phone)).toEqual([{ type: 'alert', kind: 'rent', count: 2, url: '/main/rent', lang: 'en' }]);

    // The next run finds nothing left to send; a listing matched after 9:00 waits for tomorrow's.
    const later = await rentAdOf(ctx, poster, { placeId: 'ar-nasirabad', status: 'Booked' });
    await ctx.request('PATCH', `/api/v1/rent/status/${later}`, { token: poster.token, json: { status: 'Active' } });
    setDhakaTime(9, 10);
    await ctx.jobs.send('alerts.digest', {});
    await ctx.runJobs();
    expect(pushesTo(phone)).toHaveLength(1);
    ctx.clock.advance(24 * 60 * 60 * 1000);
    await ctx.jobs.send('alerts.digest', {});
    await ctx.runJobs();
    expect(pushesTo(phone).at(-1)).toEqual({
      type: 'alert',
      kind: 'rent',
      count: 1,
      url: `/rent/${later}`,
      lang: 'en',
    });
  });
});

describe('two server processes', () => {
  it('tell a match once when both claim it at the same moment', async () => {
    const renter = await registerSignedIn(ctx, 'delivery-race');
    await deviceOf(renter);
    await alertOf(renter, 'rent', { placeId: 'ar-khulshi' }, 'instant');
    const ad = await rentAdOf(ctx, poster, { placeId: 'ar-khulshi' });
    expect(await matchListing(ctx.db, 'rent', ad, ctx.clock.now())).toHaveLength(1);

    const second = await secondInstance(ctx);
    try {
      const [first, other] = [createTestJobs(), createTestJobs()];
      await Promise.all([
        sendDueMatches({ ...ctx.deps, jobs: first }, renter.id, 'instant'),
        sendDueMatches({ ...ctx.deps, db: second.db, jobs: other }, renter.id, 'instant'),
      ]);
      expect([...first.sent, ...other.sent].map((job) => job.name)).toEqual(['push.notify']);
      const [row] = await ctx.db.select().from(alertMatches).where(eq(alertMatches.listingId, ad));
      expect(row?.sentAt).not.toBeNull();
    } finally {
      await second.close();
    }
  });
});
