import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  MAX_OPEN_REQUESTS,
  REQUEST_ACTIONS,
  REQUEST_ANSWER_WINDOW_MS,
  type RequestAction,
  type RequestRecord,
  type RequestStatus,
} from '../../src/domain/request-status';
import type { ServiceRecord } from '../../src/domain/service';
import { requests, reviews, services, userEvents, users } from '../db/schema';
import { runCleanup } from '../maintenance/cleanup';
import { registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';
import {
  act,
  ask,
  dhakaDay,
  listAs,
  mailsArriving,
  rentAdOf,
  serviceOf,
  serviceRequest,
  visitRequest,
} from './request-test-kit';

/**
 * /api/v1/requests (issue 41): asking (its refusals, its limits, its Idempotency-Key), every move of the table as
 * who takes it, expiry with a moved clock, which phone number each side sees when, the mails, and "hired on Basha".
 */

const ctx = testContextForFile();

const rowOf = async (id: string) => (await ctx.db.select().from(requests).where(eq(requests.id, id)))[0]!;
const phoneOf = async (user: SignedInUser) =>
  (await ctx.db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, user.id)))[0]!.phone;

/** Puts a request straight into `status` (the table's moves are tested through the API below). */
async function requestIn(status: RequestStatus, owner: SignedInUser, customer: SignedInUser, date = dhakaDay(ctx, 0)) {
  const service = await serviceOf(ctx, owner);
  const asked = await ask(ctx, customer.token, serviceRequest(ctx, service, { date }));
  expect(asked.status).toBe(201);
  const id = asked.body.data!._id;
  if (status !== 'requested') await ctx.db.update(requests).set({ status }).where(eq(requests.id, id));
  return id;
}

describe('POST /api/v1/requests', () => {
  it('asks a provider for a job: 201, requested, both sides named, no phone of the owner yet', async () => {
    const owner = await registerSignedIn(ctx, 'req-owner');
    const customer = await registerSignedIn(ctx, 'req-customer');
    const service = await serviceOf(ctx, owner);
    const answer = await ask(ctx, customer.token, serviceRequest(ctx, service, { offeredPrice: 300 }));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      kind: 'service',
      listingId: service,
      status: 'requested',
      customer: { _id: customer.id },
      owner: { _id: owner.id },
      offeredPrice: 300,
      placeId: 'ar-mirpur',
      price: null,
    });
    expect(answer.body.data!.owner.phone).toBeUndefined();
    expect(answer.body.data!.history).toEqual([expect.objectContaining({ status: 'requested', by: 'customer' })]);
    const row = await rowOf(answer.body.data!._id);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(REQUEST_ANSWER_WINDOW_MS);
  });

  it('asks a landlord for a visit, and mails the owner in the owner’s language', async () => {
    const owner = await registerSignedIn(ctx, 'req-landlord');
    await ctx.db.update(users).set({ language: 'bn' }).where(eq(users.id, owner.id));
    const renter = await registerSignedIn(ctx, 'req-renter');
    const ad = await rentAdOf(ctx, owner);
    const answer = await ask(ctx, renter.token, visitRequest(ctx, ad));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ kind: 'visit', placeId: null, offeredPrice: null });
    const mails = await mailsArriving(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('বাসা-য় একটি নতুন অনুরোধ');
    expect(mails[0]!.text).toContain('সন্ধ্যা');
    expect(mails[0]!.text).not.toContain('Can I see it');
    expect(await mailsArriving(renter.email, 0)).toHaveLength(0);
  });

  it('refuses with clear 4xx answers, in the request’s language, and stores nothing', async () => {
    const owner = await registerSignedIn(ctx, 'req-refuse-owner');
    const customer = await registerSignedIn(ctx, 'req-refuse-customer');
    const service = await serviceOf(ctx, owner);
    const inactive = await serviceOf(ctx, owner, { status: 'inactive' });
    const deleted = await serviceOf(ctx, owner, { deletedAt: new Date() });
    const booked = await rentAdOf(ctx, owner, { status: 'Booked' });
    const unlisted = await rentAdOf(ctx, owner, { unlistedAt: new Date() });
    const ad = await rentAdOf(ctx, owner);
    const cases: [unknown, number, string?][] = [
      [serviceRequest(ctx, inactive), 400, 'not taking requests'],
      [visitRequest(ctx, booked), 400, 'not taking requests'],
      [visitRequest(ctx, unlisted), 400, 'not taking requests'],
      [serviceRequest(ctx, deleted), 404],
      [serviceRequest(ctx, '00000000-0000-4000-8000-000000000000'), 404],
      [serviceRequest(ctx, 'not-an-id'), 404],
      [serviceRequest(ctx, service, { date: dhakaDay(ctx, -1) }), 400, 'from today'],
      [serviceRequest(ctx, service, { date: dhakaDay(ctx, 61) }), 400, 'from today'],
      [serviceRequest(ctx, service, { date: '2026-02-30' }), 400, 'Choose a date'],
      [serviceRequest(ctx, service, { placeId: 'ar-agrabad' }), 400, 'areas this service covers'],
      [serviceRequest(ctx, service, { placeId: undefined }), 400, 'areas this service covers'],
      [serviceRequest(ctx, service, { note: '   short   ' }), 400, '10 to 500'],
      [serviceRequest(ctx, service, { note: 'x'.repeat(501) }), 400, '10 to 500'],
      [serviceRequest(ctx, service, { offeredPrice: 99 }), 400, 'from 100 to 500'],
      [serviceRequest(ctx, service, { offeredPrice: 501 }), 400, 'from 100 to 500'],
      [serviceRequest(ctx, service, { offeredPrice: 200.5 }), 400],
      [serviceRequest(ctx, service, { timeOfDay: 'night' }), 400],
      [serviceRequest(ctx, service, { kind: 'hire' }), 400],
      [serviceRequest(ctx, service, { extra: 1 }), 400],
      [visitRequest(ctx, ad, { placeId: 'ar-mirpur' }), 400],
      [visitRequest(ctx, ad, { offeredPrice: 200 }), 400],
    ];
    for (const [body, status, words] of cases) {
      const answer = await ask(ctx, customer.token, body);
      expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), status]);
      if (words) expect(answer.body.message).toContain(words);
    }
    // Own listing.
    const own = await ask(ctx, owner.token, serviceRequest(ctx, service));
    expect(own.status).toBe(400);
    expect(own.body.message).toContain('your own listing');
    // In Bangla.
    const bangla = await ctx.request('POST', '/api/v1/requests', {
      token: customer.token,
      json: serviceRequest(ctx, inactive),
      headers: { 'Accept-Language': 'bn' },
    });
    expect(bangla.body.message).toBe('এই বিজ্ঞাপনে এখন অনুরোধ নেওয়া হচ্ছে না।');
    // Unverified and signed-out callers.
    const unverified = await registerSignedIn(ctx, 'req-unverified', { verified: false });
    expect((await ask(ctx, unverified.token, serviceRequest(ctx, service))).status).toBe(403);
    expect((await ask(ctx, undefined, serviceRequest(ctx, service))).status).toBe(401);
    expect(await ctx.db.select().from(requests).where(eq(requests.ownerId, owner.id))).toHaveLength(0);
  });

  it('takes the last day ahead and today by Dhaka’s calendar, at the day boundary (UTC 18:00)', async () => {
    const owner = await registerSignedIn(ctx, 'req-day-owner');
    const customer = await registerSignedIn(ctx, 'req-day-customer');
    // Move the clock to 17:59:59 UTC (23:59:59 in Dhaka): "today" is still the UTC date.
    const now = ctx.clock.now();
    const boundary = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 17, 59, 59));
    ctx.clock.advance(boundary.getTime() - now.getTime());
    const utcToday = boundary.toISOString().slice(0, 10);
    expect(dhakaDay(ctx, 0)).toBe(utcToday);
    const a = await serviceOf(ctx, owner);
    expect((await ask(ctx, customer.token, serviceRequest(ctx, a, { date: utcToday }))).status).toBe(201);
    // Two seconds later it is tomorrow in Dhaka (still today in UTC): today's date is in the past.
    ctx.clock.advance(2000);
    const b = await serviceOf(ctx, owner);
    const late = await ask(ctx, customer.token, serviceRequest(ctx, b, { date: utcToday }));
    expect(late.status).toBe(400);
    const c = await serviceOf(ctx, owner);
    expect((await ask(ctx, customer.token, serviceRequest(ctx, c, { date: dhakaDay(ctx, 60) }))).status).toBe(201);
  });

  it('honours an Idempotency-Key: a repeat answers the first and adds nothing', async () => {
    const owner = await registerSignedIn(ctx, 'req-idem-owner');
    const customer = await registerSignedIn(ctx, 'req-idem-customer');
    const service = await serviceOf(ctx, owner);
    const body = serviceRequest(ctx, service);
    const headers = { 'Idempotency-Key': 'request-key-0001' };
    const first = await ask(ctx, customer.token, body, headers);
    const repeat = await ask(ctx, customer.token, body, headers);
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    expect(repeat.body.data!._id).toBe(first.body.data!._id);
    expect(await ctx.db.select().from(requests).where(eq(requests.customerId, customer.id))).toHaveLength(1);
    // Without the key, the same request is a second open one: 409.
    const again = await ask(ctx, customer.token, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already have an open request');
  });

  it(`allows at most ${MAX_OPEN_REQUESTS} open requests per customer (409), and another once one closes`, async () => {
    const owner = await registerSignedIn(ctx, 'req-cap-owner');
    const customer = await registerSignedIn(ctx, 'req-cap-customer');
    const ids: string[] = [];
    for (let i = 0; i < MAX_OPEN_REQUESTS; i += 1) {
      const answer = await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner)));
      expect(answer.status).toBe(201);
      ids.push(answer.body.data!._id);
    }
    const over = await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner)));
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(String(MAX_OPEN_REQUESTS));
    expect((await act(ctx, customer.token, ids[0]!, { action: 'cancel' })).status).toBe(200);
    expect((await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner)))).status).toBe(201);
  });
});

describe('PATCH /api/v1/requests/{id}: the table', () => {
  type Who = 'customer' | 'owner' | 'stranger';
  const expected = (status: RequestStatus, action: RequestAction, who: Who): [number, RequestStatus] => {
    if (who === 'stranger') return [404, status];
    const allowed: Record<RequestAction, [RequestStatus[], Who[], RequestStatus]> = {
      accept: [['requested'], ['owner'], 'accepted'],
      decline: [['requested'], ['owner'], 'declined'],
      cancel: [['requested', 'accepted'], ['customer', 'owner'], 'cancelled'],
      done: [['accepted'], ['customer', 'owner'], 'done'],
    };
    const [from, by, to] = allowed[action];
    return from.includes(status) && by.includes(who) ? [200, to] : [409, status];
  };
  const statuses: RequestStatus[] = ['requested', 'accepted', 'declined', 'cancelled', 'done', 'expired'];
  const rows = statuses.flatMap((status) =>
    REQUEST_ACTIONS.flatMap((action) =>
      (['customer', 'owner', 'stranger'] as const).map(
        (who) => [status, action, who, ...expected(status, action, who)] as const,
      ),
    ),
  );

  // Three people for all the rows (registering is most of a row's time), each row on a service of its own.
  let people: Record<Who, SignedInUser>;
  beforeAll(async () => {
    people = {
      owner: await registerSignedIn(ctx, 'tbl-owner'),
      customer: await registerSignedIn(ctx, 'tbl-customer'),
      stranger: await registerSignedIn(ctx, 'tbl-stranger'),
    };
  });

  it.each(rows)('%s × %s by the %s → %i, %s', async (status, action, who, code, after) => {
    const { owner, customer, stranger } = people;
    const id = await requestIn(status, owner, customer);
    // A customer has at most 10 open requests: each row's closes after it, however the row ended.
    onTestFinished(async () => {
      await ctx.db.update(requests).set({ status: 'cancelled' }).where(eq(requests.id, id));
    });
    const token = { customer: customer.token, owner: owner.token, stranger: stranger.token }[who];
    const answer = await act(ctx, token, id, { action });
    expect(answer.status).toBe(code);
    if (code === 409) expect(answer.body.data).toEqual({ status });
    if (code === 200) expect((answer.body.data as RequestRecord).status).toBe(after);
    expect((await rowOf(id)).status).toBe(after);
  });
});

describe('PATCH /api/v1/requests/{id}: the rest', () => {
  it('accepts with a price within the range, keeps reasons, and refuses done before the date', async () => {
    const owner = await registerSignedIn(ctx, 'mv-owner');
    const customer = await registerSignedIn(ctx, 'mv-customer');
    const service = await serviceOf(ctx, owner);
    const id = (await ask(ctx, customer.token, serviceRequest(ctx, service, { date: dhakaDay(ctx, 2) }))).body.data!
      ._id;
    expect((await act(ctx, owner.token, id, { action: 'accept', price: 50 })).status).toBe(400);
    expect((await act(ctx, owner.token, id, { action: 'accept', price: 501 })).status).toBe(400);
    expect((await act(ctx, owner.token, id, { action: 'bless' })).status).toBe(400);
    expect((await act(ctx, owner.token, id, { action: 'accept', reason: 'x'.repeat(301) })).status).toBe(400);
    const accepted = await act(ctx, owner.token, id, { action: 'accept', price: 450 });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted', price: 450 });
    const early = await act(ctx, customer.token, id, { action: 'done' });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('on or after its date');
    ctx.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await act(ctx, customer.token, id, { action: 'done' })).status).toBe(200);

    const visitAd = await rentAdOf(ctx, owner);
    const visit = (await ask(ctx, customer.token, visitRequest(ctx, visitAd))).body.data!._id;
    expect((await act(ctx, owner.token, visit, { action: 'accept', price: 200 })).status).toBe(400);
    const declined = await act(ctx, owner.token, visit, { action: 'decline', reason: 'Already rented.' });
    expect(declined.body.data).toMatchObject({ status: 'declined', reason: 'Already rented.' });
    const history = (await listAs(ctx, customer.token, 'customer')).body.data!.find((r) => r._id === visit)!.history;
    expect(history.map((entry) => [entry.status, entry.by, entry.reason])).toEqual([
      ['requested', 'customer', undefined],
      ['declined', 'owner', 'Already rented.'],
    ]);
  });

  it('shows each side the other’s phone number only once accepted (and done)', async () => {
    const owner = await registerSignedIn(ctx, 'ph-owner');
    const customer = await registerSignedIn(ctx, 'ph-customer');
    const service = await serviceOf(ctx, owner);
    const id = (await ask(ctx, customer.token, serviceRequest(ctx, service, { date: dhakaDay(ctx, 0) }))).body.data!
      ._id;
    const seen = async () => {
      const asCustomer = (await listAs(ctx, customer.token, 'customer')).body.data!.find((r) => r._id === id)!;
      const asOwner = (await listAs(ctx, owner.token, 'owner')).body.data!.find((r) => r._id === id)!;
      return { ownerPhoneToCustomer: asCustomer.owner.phone, customerPhoneToOwner: asOwner.customer.phone };
    };
    expect(await seen()).toEqual({ ownerPhoneToCustomer: undefined, customerPhoneToOwner: undefined });
    await act(ctx, owner.token, id, { action: 'accept' });
    const both = { ownerPhoneToCustomer: await phoneOf(owner), customerPhoneToOwner: await phoneOf(customer) };
    expect(await seen()).toEqual(both);
    await act(ctx, owner.token, id, { action: 'done' });
    expect(await seen()).toEqual(both);
    // Cancelled: hidden again.
    const other = await serviceOf(ctx, owner);
    const second = (await ask(ctx, customer.token, serviceRequest(ctx, other))).body.data!._id;
    await act(ctx, owner.token, second, { action: 'accept' });
    await act(ctx, customer.token, second, { action: 'cancel' });
    const cancelled = (await listAs(ctx, customer.token, 'customer')).body.data!.find((r) => r._id === second)!;
    expect(cancelled.owner.phone).toBeUndefined();
  });

  it('mails the other side of each answer', async () => {
    const owner = await registerSignedIn(ctx, 'ml-owner');
    const customer = await registerSignedIn(ctx, 'ml-customer');
    const id = (await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner)))).body.data!._id;
    await act(ctx, owner.token, id, { action: 'accept' });
    const mails = await mailsArriving(customer.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your request on Basha: accepted']);
  });

  it('lists newest first, each side its own, and refuses an unknown side', async () => {
    const owner = await registerSignedIn(ctx, 'ls-owner');
    const customer = await registerSignedIn(ctx, 'ls-customer');
    const first = (await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner)))).body.data!._id;
    ctx.clock.advance(1000);
    const second = (await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner)))).body.data!._id;
    expect((await listAs(ctx, customer.token, 'customer')).body.data!.map((r) => r._id)).toEqual([second, first]);
    expect((await listAs(ctx, owner.token, 'owner')).body.data!.map((r) => r._id)).toEqual([second, first]);
    expect((await listAs(ctx, owner.token, 'customer')).body.data).toEqual([]);
    expect((await listAs(ctx, owner.token, 'everyone')).status).toBe(400);
    expect((await listAs(ctx, undefined, 'owner')).status).toBe(401);
  });
});

describe('expiry', () => {
  it('expires a request unanswered for 48 hours: on reading, on acting, and in the cleanup sweep', async () => {
    const owner = await registerSignedIn(ctx, 'ex-owner');
    const customer = await registerSignedIn(ctx, 'ex-customer');
    const read = (
      await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner), { date: dhakaDay(ctx, 5) }))
    ).body.data!._id;
    const acted = (
      await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner), { date: dhakaDay(ctx, 5) }))
    ).body.data!._id;
    const swept = (
      await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner), { date: dhakaDay(ctx, 5) }))
    ).body.data!._id;
    const answered = (
      await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner), { date: dhakaDay(ctx, 5) }))
    ).body.data!._id;
    await act(ctx, owner.token, answered, { action: 'accept' });

    ctx.clock.advance(REQUEST_ANSWER_WINDOW_MS - 1000);
    expect((await listAs(ctx, owner.token, 'owner')).body.data!.every((r) => r.status !== 'expired')).toBe(true);
    ctx.clock.advance(1000);

    const late = await act(ctx, owner.token, acted, { action: 'accept' });
    expect(late.status).toBe(409);
    expect(late.body.data).toEqual({ status: 'expired' });
    expect((await rowOf(acted)).status).toBe('expired');

    const report = await runCleanup({ db: ctx.db, images: undefined as never, clock: ctx.clock });
    expect(report.expiredRequests).toBeGreaterThanOrEqual(2);
    expect((await rowOf(swept)).status).toBe('expired');
    expect((await rowOf(read)).status).toBe('expired');
    expect((await rowOf(answered)).status).toBe('accepted');
    const history = (await rowOf(swept)).history;
    expect(history.map((entry) => [entry.status, entry.by])).toEqual([
      ['requested', 'customer'],
      ['expired', 'system'],
    ]);
    // An expired request no longer counts as open: the same listing can be asked again.
  });

  it('expires lazily on a read, before any sweep', async () => {
    const owner = await registerSignedIn(ctx, 'ex2-owner');
    const customer = await registerSignedIn(ctx, 'ex2-customer');
    const id = (
      await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner), { date: dhakaDay(ctx, 5) }))
    ).body.data!._id;
    ctx.clock.advance(REQUEST_ANSWER_WINDOW_MS);
    const listed = (await listAs(ctx, customer.token, 'customer')).body.data!.find((r) => r._id === id)!;
    expect(listed.status).toBe('expired');
    expect((await rowOf(id)).status).toBe('expired');
  });
});

describe('hired on Basha', () => {
  it('marks the review of a customer whose request was done, lists it first, and counts them', async () => {
    const owner = await registerSignedIn(ctx, 'hb-owner');
    const hired = await registerSignedIn(ctx, 'hb-hired');
    const other = await registerSignedIn(ctx, 'hb-other');
    const service = await serviceOf(ctx, owner);
    const id = (await ask(ctx, hired.token, serviceRequest(ctx, service, { date: dhakaDay(ctx, 0) }))).body.data!._id;
    const review = (client: SignedInUser) =>
      ctx.request('POST', `/api/v1/profession/add-feedback/${service}`, {
        token: client.token,
        json: { rating: 5, feedback: 'Came on time and fixed it well.' },
      });
    expect((await review(hired)).status).toBeLessThan(300);
    ctx.clock.advance(1000);
    expect((await review(other)).status).toBeLessThan(300);
    const details = async () =>
      (await ctx.request<ServiceRecord>('GET', `/api/v1/profession/view-details/${service}`, { token: other.token }))
        .body.data!;
    const before = await details();
    expect(before.hiredOnBashaCount).toBe(0);
    expect(before.ratings.map((r) => r.client._id)).toEqual([other.id, hired.id]);

    expect((await act(ctx, owner.token, id, { action: 'accept' })).status).toBe(200);
    expect((await act(ctx, hired.token, id, { action: 'done' })).status).toBe(200);
    const after = await details();
    expect(after.hiredOnBashaCount).toBe(1);
    expect(after.ratings.map((r) => [r.client._id, r.hiredOnBasha])).toEqual([
      [hired.id, true],
      [other.id, false],
    ]);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.serviceId, service))).toHaveLength(2);
    expect((await ctx.db.select().from(services).where(eq(services.id, service))).length).toBe(1);
  });
});

describe('GET /api/v1/requests/waiting-count', () => {
  const waiting = (token: string | undefined) =>
    ctx.request<{ count: number }>('GET', '/api/v1/requests/waiting-count', token ? { token } : {});

  it('counts the requests waiting for the caller’s answer: their own as the owner, requested, not past their time', async () => {
    const owner = await registerSignedIn(ctx, 'wc-owner');
    const customer = await registerSignedIn(ctx, 'wc-customer');
    const stranger = await registerSignedIn(ctx, 'wc-stranger');
    expect((await waiting(owner.token)).body.data).toEqual({ count: 0 });
    const early = await requestIn('requested', owner, customer, dhakaDay(ctx, 5));
    ctx.clock.advance(60 * 60 * 1000);
    await requestIn('requested', owner, customer, dhakaDay(ctx, 5));
    await requestIn('requested', owner, customer, dhakaDay(ctx, 5));
    // Answered ones wait for nobody; a stranger's request, asked of someone else, is not the owner's to answer.
    await requestIn('accepted', owner, customer, dhakaDay(ctx, 5));
    await requestIn('declined', owner, customer, dhakaDay(ctx, 5));
    await requestIn('requested', stranger, customer, dhakaDay(ctx, 5));
    const answer = await waiting(owner.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ count: 3 });
    // The customer waits for others' answers: none wait for theirs. The stranger has their own one.
    expect((await waiting(customer.token)).body.data).toEqual({ count: 0 });
    expect((await waiting(stranger.token)).body.data).toEqual({ count: 1 });

    // 48 hours after the first was asked it is expired, though nothing has written so yet: it is not counted.
    ctx.clock.advance(REQUEST_ANSWER_WINDOW_MS - 60 * 60 * 1000);
    expect((await rowOf(early)).status).toBe('requested');
    expect((await waiting(owner.token)).body.data).toEqual({ count: 2 });
    expect((await rowOf(early)).status).toBe('requested');
  });

  it('needs a session (401)', async () => {
    const answer = await waiting(undefined);
    expect(answer.status).toBe(401);
    expect(answer.body.success).toBe(false);
  });
});

describe("the sides' event streams", () => {
  const eventsOf = async (user: SignedInUser) =>
    (await ctx.db.select().from(userEvents).where(eq(userEvents.userId, user.id)).orderBy(userEvents.id)).map(
      (row) => row.data,
    );

  it('hear of a request made and of each move, both sides, and nobody else; a refused move tells nothing', async () => {
    const owner = await registerSignedIn(ctx, 'ev-owner');
    const customer = await registerSignedIn(ctx, 'ev-customer');
    const stranger = await registerSignedIn(ctx, 'ev-stranger');
    const service = await serviceOf(ctx, owner);
    const asked = await ask(ctx, customer.token, serviceRequest(ctx, service));
    const id = asked.body.data!._id;
    expect((await act(ctx, owner.token, id, { action: 'decline', reason: 'Fully booked that week.' })).status).toBe(
      200,
    );
    expect((await act(ctx, owner.token, id, { action: 'accept', price: 900 })).status).toBe(409);
    const told = [
      { type: 'request', requestId: id, status: 'requested' },
      { type: 'request', requestId: id, status: 'declined' },
    ];
    expect(await eventsOf(owner)).toEqual(told);
    expect(await eventsOf(customer)).toEqual(told);
    expect(await eventsOf(stranger)).toEqual([]);
  });
});
