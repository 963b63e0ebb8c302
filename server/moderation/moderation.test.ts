import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { REPORT_DETAILS_MAX_LENGTH, REPORTS_PER_HOUR, type HiddenItem, type ReportPage } from '../../src/domain/report';
import type { RentPost } from '../../src/domain/rent-post';
import type { ServiceRecord } from '../../src/domain/service';
import { SYNC_OVERLAP_MS, type SyncDelta } from '../../src/domain/sync-cursor';
import type { UserRecord } from '../../src/domain/user';
import { rateLimitCounters, reports, services, users } from '../db/schema';
import { createSmtpMailer, type MailMessage } from '../mail/mailer';
import { insertRentPost } from '../rent/rent-posts';
import { mailsTo, registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';
import { createdService } from '../test/listing-fixtures';

const moderatorEmail = `moderator-${randomUUID().slice(0, 8)}@example.com`;
// Every mail the app sends, recorded as it goes to maildev: what went to whom is known when the request returns.
const sent: MailMessage[] = [];
const smtp = createSmtpMailer({
  smtpUrl: `smtp://127.0.0.1:${inject('maildevSmtpPort')}`,
  from: 'Basha <no-reply@basha.local>',
});
// One proxy in front, so that a test names each report's client address in X-Forwarded-For.
const ctx = testContextForFile({
  env: { MODERATOR_EMAILS: `someone@example.com, ${moderatorEmail.toUpperCase()}`, TRUST_PROXY: '1' },
  mailer: {
    async send(message) {
      await smtp.send(message);
      sent.push(message);
    },
    close: () => smtp.close(),
  },
});

let moderator: SignedInUser;
let owner: SignedInUser;
let reporter: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  moderator = await registerSignedIn(ctx, 'moderator', { email: moderatorEmail });
  [owner, reporter, other] = await Promise.all([
    registerSignedIn(ctx, 'mod-owner'),
    registerSignedIn(ctx, 'mod-reporter'),
    registerSignedIn(ctx, 'mod-other'),
  ]);
});

const ad = {
  category: 'flat' as const,
  cost: 22000,
  rentPaymentFrequency: 'monthly' as const,
  rentStartDate: '2099-06-01',
  contactInfo: '+880 1711-234567',
  addressLine: 'House 4, Road 8, Mohammadpur',
  city: 'Dhaka',
  postalCode: '1207',
  details: 'Asks for six months of advance by bKash before any visit.',
};

const DAY_MS = 24 * 60 * 60 * 1000;

async function rentAd(by = owner): Promise<string> {
  const row = await insertRentPost(ctx.db, by.id, ad, [], { now: ctx.clock.now() });
  return row.id;
}

const service = (by: SignedInUser) => createdService(ctx, by);

function report(user: SignedInUser | undefined, body: Record<string, unknown>, fromAddress?: string) {
  return ctx.request('POST', '/api/v1/reports', {
    token: user?.token,
    json: body,
    ...(fromAddress ? { headers: { 'x-forwarded-for': fromAddress } } : {}),
  });
}

function openReports(user: SignedInUser, page?: string) {
  return ctx.request<ReportPage>('GET', `/api/v1/moderation/reports${page ? `?page=${page}` : ''}`, {
    token: user.token,
  });
}

function hide(user: SignedInUser, body: Record<string, unknown>) {
  return ctx.request('POST', '/api/v1/moderation/hide', { token: user.token, json: body });
}

function dismiss(user: SignedInUser, body: Record<string, unknown>) {
  return ctx.request('POST', '/api/v1/moderation/dismiss', { token: user.token, json: body });
}

/** Reports may be many in a test file: the hourly limit of each reporter is reset before each use. */
async function freshLimits() {
  await ctx.db.delete(rateLimitCounters);
}

describe('POST /api/v1/reports', () => {
  it('needs a session', async () => {
    const id = await rentAd();
    expect((await report(undefined, { kind: 'rent', targetId: id, reason: 'scam' })).status).toBe(401);
  });

  it('needs a verified e-mail', async () => {
    const unverified = await registerSignedIn(ctx, 'mod-unverified', { verified: false });
    const id = await rentAd();
    expect((await report(unverified, { kind: 'rent', targetId: id, reason: 'scam' })).status).toBe(403);
  });

  it('files one open report per reporter and target, and refuses a second with 409', async () => {
    await freshLimits();
    const id = await rentAd();
    const first = await report(reporter, { kind: 'rent', targetId: id, reason: 'scam', details: 'Wants advance.' });
    expect(first.status).toBe(201);
    const second = await report(reporter, { kind: 'rent', targetId: id.toUpperCase(), reason: 'duplicate' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You have already reported this. A moderator will look at it.');
    // Someone else may report it too.
    expect((await report(other, { kind: 'rent', targetId: id, reason: 'wrong-details' })).status).toBe(201);
  });

  it('files one report of two sent at once by the same person', async () => {
    await freshLimits();
    const id = await rentAd();
    const answers = await Promise.all(
      [0, 1, 2].map(() => report(reporter, { kind: 'rent', targetId: id, reason: 'scam' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const group = (await openReports(moderator)).body.data?.groups.find((found) => found.targetId === id);
    expect(group?.count).toBe(1);
    await dismiss(moderator, { kind: 'rent', targetId: id });
  });

  it('refuses bad bodies with 400 and files nothing', async () => {
    await freshLimits();
    const id = await rentAd();
    const bad = [
      { kind: 'flat', targetId: id, reason: 'scam' },
      { kind: 'rent', targetId: 'not-a-uuid', reason: 'scam' },
      { kind: 'rent', targetId: id, reason: 'ugly' },
      { kind: 'rent', targetId: id, reason: 'other' },
      { kind: 'rent', targetId: id, reason: 'other', details: '   ' },
      { kind: 'rent', targetId: id, reason: 'scam', details: 'x'.repeat(REPORT_DETAILS_MAX_LENGTH + 1) },
      { kind: 'rent', targetId: id, reason: 'scam', reporterId: other.id },
    ];
    for (const body of bad) {
      await freshLimits();
      const response = await report(reporter, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    await freshLimits();
    expect(
      (await report(reporter, { kind: 'rent', targetId: id, reason: 'other', details: 'Fake photos.' })).status,
    ).toBe(201);
  });

  it('answers 404 for an unknown or deleted target', async () => {
    await freshLimits();
    expect((await report(reporter, { kind: 'rent', targetId: randomUUID(), reason: 'scam' })).status).toBe(404);
    expect((await report(reporter, { kind: 'review', targetId: randomUUID(), reason: 'offensive' })).status).toBe(404);
    const id = await rentAd();
    expect((await ctx.request('DELETE', `/api/v1/rent/delete/${id}`, { token: owner.token })).status).toBe(200);
    expect((await report(reporter, { kind: 'rent', targetId: id, reason: 'scam' })).status).toBe(404);
  });

  it('refuses reports of one’s own items and of oneself', async () => {
    await freshLimits();
    const id = await rentAd();
    const own = await report(owner, { kind: 'rent', targetId: id, reason: 'scam' });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot report your own listing or yourself.');
    expect((await report(owner, { kind: 'user', targetId: owner.id, reason: 'offensive' })).status).toBe(403);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per account, then 429`, async () => {
    await freshLimits();
    const flooder = await registerSignedIn(ctx, 'mod-flooder');
    const ids = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => rentAd()));
    for (const id of ids.slice(0, REPORTS_PER_HOUR)) {
      expect((await report(flooder, { kind: 'rent', targetId: id, reason: 'duplicate' })).status).toBe(201);
    }
    const refused = await report(flooder, { kind: 'rent', targetId: ids.at(-1), reason: 'duplicate' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    ctx.clock.advance(60 * 60 * 1000);
    expect((await report(flooder, { kind: 'rent', targetId: ids.at(-1), reason: 'duplicate' })).status).toBe(201);
    // Clear them, so the moderation list of the next tests is not full of these.
    for (const id of ids) await dismiss(moderator, { kind: 'rent', targetId: id });
  });
});

describe('moderation', () => {
  it('is for moderators only: 403 for anyone else, 401 signed out', async () => {
    const id = await rentAd();
    expect((await openReports(reporter)).status).toBe(403);
    expect((await hide(reporter, { kind: 'rent', targetId: id })).status).toBe(403);
    expect((await dismiss(owner, { kind: 'rent', targetId: id })).status).toBe(403);
    expect((await ctx.request('GET', '/api/v1/moderation/reports')).status).toBe(401);
    const live = await ctx.request('GET', `/api/v1/rent/view-details/${id}`, { token: reporter.token });
    expect(live.status).toBe(200);
  });

  it('does not take an unverified account with a moderator’s address as a moderator', async () => {
    await ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, moderator.id));
    try {
      expect((await openReports(moderator)).status).toBe(403);
    } finally {
      await ctx.db.update(users).set({ isVerified: true }).where(eq(users.id, moderator.id));
    }
  });

  it('tells the moderator, and only them, that they moderate in their own record', async () => {
    const own = await ctx.request<UserRecord>('GET', `/api/v1/user/find-info/${moderator.id}`, {
      token: moderator.token,
    });
    expect(own.body.data?.moderator).toBe(true);
    const plain = await ctx.request<UserRecord>('GET', `/api/v1/user/find-info/${owner.id}`, { token: owner.token });
    expect(plain.body.data?.moderator).toBeUndefined();
  });

  it('lists open reports grouped by target with counts and reasons, newest first, paged', async () => {
    await freshLimits();
    const older = await rentAd();
    const newer = await rentAd();
    expect(
      (await report(reporter, { kind: 'rent', targetId: older, reason: 'scam', details: 'Advance!' })).status,
    ).toBe(201);
    ctx.clock.advance(1000);
    expect((await report(reporter, { kind: 'rent', targetId: newer, reason: 'duplicate' })).status).toBe(201);
    ctx.clock.advance(1000);
    expect((await report(other, { kind: 'rent', targetId: newer, reason: 'duplicate' })).status).toBe(201);
    const response = await openReports(moderator);
    expect(response.status).toBe(200);
    const groups = response.body.data?.groups ?? [];
    const newerAt = groups.findIndex((group) => group.targetId === newer);
    const olderAt = groups.findIndex((group) => group.targetId === older);
    expect(newerAt).toBeGreaterThanOrEqual(0);
    expect(olderAt).toBeGreaterThan(newerAt);
    expect(groups[newerAt]).toMatchObject({
      kind: 'rent',
      count: 2,
      reasons: [{ reason: 'duplicate', count: 2 }],
      ownerId: owner.id,
      label: 'House 4, Road 8, Mohammadpur, Dhaka',
    });
    expect(groups[olderAt]?.details).toEqual(['Advance!']);
    expect(response.body.data?.nextPage).toBeNull();
    expect((await openReports(moderator, '0')).status).toBe(400);
    expect((await openReports(moderator, 'abc')).status).toBe(400);
    expect((await openReports(moderator, '2')).body.data?.groups).toEqual([]);
  });

  it('names a reported ad by its street and its place in the moderator’s language, not the city as typed', async () => {
    await freshLimits();
    const row = await insertRentPost(ctx.db, owner.id, { ...ad, city: 'dhaka city', placeId: 'ar-mohammadpur' }, [], {
      now: ctx.clock.now(),
    });
    expect((await report(reporter, { kind: 'rent', targetId: row.id, reason: 'scam' })).status).toBe(201);
    const labelIn = async (language: string) => {
      const answer = await ctx.request<ReportPage>('GET', '/api/v1/moderation/reports', {
        token: moderator.token,
        headers: { 'Accept-Language': language },
      });
      return answer.body.data?.groups.find((group) => group.targetId === row.id)?.label;
    };
    expect(await labelIn('en')).toBe('House 4, Road 8, Mohammadpur, Dhaka');
    expect(await labelIn('bn-BD,bn;q=0.9')).toBe('House 4, Road 8, Mohammadpur, মোহাম্মদপুর, ঢাকা');
  });

  it('weighs reports by verified person and client address, and shows how new the reporters’ accounts are', async () => {
    await freshLimits();
    const id = await rentAd();
    const now = ctx.clock.now().getTime();
    const madeAgo = async (user: SignedInUser, days: number) => {
      await ctx.db
        .update(users)
        .set({ createdAt: new Date(now - days * DAY_MS) })
        .where(eq(users.id, user.id));
    };
    const fileFrom = async (user: SignedInUser, address: string) => {
      ctx.clock.advance(1000);
      expect((await report(user, { kind: 'rent', targetId: id, reason: 'scam' }, address)).status).toBe(201);
    };
    // Four sock puppets made two days ago on one phone, and a neighbour of five years on another connection.
    const puppets = await Promise.all([1, 2, 3, 4].map((n) => registerSignedIn(ctx, `mod-puppet-${n}`)));
    for (const puppet of puppets) await madeAgo(puppet, 2);
    const neighbour = await registerSignedIn(ctx, 'mod-neighbour');
    await madeAgo(neighbour, 5 * 365);
    await fileFrom(neighbour, '198.51.100.20');
    for (const puppet of puppets) await fileFrom(puppet, '203.0.113.7');
    // Two more from addresses of their own: one whose e-mail is no longer verified, one a moderator suspended since.
    const unverified = await registerSignedIn(ctx, 'mod-unverified-since');
    const suspended = await registerSignedIn(ctx, 'mod-suspended');
    await fileFrom(unverified, '198.51.100.30');
    await fileFrom(suspended, '198.51.100.40');
    await ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, unverified.id));
    expect((await hide(moderator, { kind: 'user', targetId: suspended.id })).status).toBe(200);

    const group = (await openReports(moderator)).body.data?.groups.find((found) => found.targetId === id);
    expect(group).toMatchObject({ count: 7, weight: 2 });
    // The accounts behind the five newest reports, newest report first.
    const made = (user: SignedInUser) =>
      ctx.db
        .select({ createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, user.id))
        .then(([row]) => row!.createdAt.toISOString());
    expect(group?.reporterSince).toEqual(
      await Promise.all([suspended, unverified, puppets[3]!, puppets[2]!, puppets[1]!].map(made)),
    );
    expect(group?.reporterSince[2]).toBe(new Date(now - 2 * DAY_MS).toISOString());

    // The address is kept only as a keyed hash: the four puppets share one, and it is not the address.
    const keys = await ctx.db
      .select({ reporterId: reports.reporterId, clientKey: reports.clientKey })
      .from(reports)
      .where(eq(reports.targetId, id));
    const puppetKeys = new Set(
      keys.filter((key) => puppets.some((puppet) => puppet.id === key.reporterId)).map((key) => key.clientKey),
    );
    expect(puppetKeys.size).toBe(1);
    expect([...puppetKeys][0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(keys.map((key) => key.clientKey)).size).toBe(4);
    await dismiss(moderator, { kind: 'rent', targetId: id });
  });

  it('hides a rent ad: 404 on its detail, gone from the list, a tombstone in the delta, the owner told why', async () => {
    await freshLimits();
    const id = await rentAd();
    expect((await report(reporter, { kind: 'rent', targetId: id, reason: 'scam' })).status).toBe(201);
    ctx.clock.advance(SYNC_OVERLAP_MS + 1000);
    const before = await ctx.request<SyncDelta<RentPost>>('GET', '/api/v1/rent/rent-posts?since=0', {
      token: other.token,
    });
    const cursor = before.body.data?.cursor ?? '';
    expect(before.body.data?.changed.map((post) => post._id)).toContain(id);
    const listBefore = await ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', { token: other.token });
    ctx.clock.advance(1000);

    const hidden = await hide(moderator, { kind: 'rent', targetId: id });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ reason: 'scam' });

    expect((await ctx.request('GET', `/api/v1/rent/view-details/${id}`, { token: other.token })).status).toBe(404);
    const list = await ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', {
      token: other.token,
      headers: { 'if-none-match': listBefore.headers.get('etag') ?? '' },
    });
    expect(list.status).toBe(200);
    expect(list.body.data?.map((post) => post._id)).not.toContain(id);
    const delta = await ctx.request<SyncDelta<RentPost>>(
      'GET',
      `/api/v1/rent/rent-posts?since=${encodeURIComponent(cursor)}`,
      { token: other.token },
    );
    expect(delta.body.data?.deleted).toContain(id);
    expect(delta.body.data?.changed.map((post) => post._id)).not.toContain(id);

    // Its reports are closed; a second hide says it is hidden already; a new report finds nothing.
    const groups = (await openReports(moderator)).body.data?.groups ?? [];
    expect(groups.map((group) => group.targetId)).not.toContain(id);
    const again = await hide(moderator, { kind: 'rent', targetId: id });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This item is already hidden.');
    expect((await report(other, { kind: 'rent', targetId: id, reason: 'scam' })).status).toBe(404);

    const mine = await ctx.request<HiddenItem[]>('GET', '/api/v1/moderation/hidden-mine', { token: owner.token });
    expect(mine.body.data?.find((item) => item.targetId === id)).toMatchObject({ kind: 'rent', reason: 'scam' });
    const theirs = await ctx.request<HiddenItem[]>('GET', '/api/v1/moderation/hidden-mine', { token: other.token });
    expect(theirs.body.data).toEqual([]);
    await expect
      .poll(async () => (await mailsTo(owner.email)).map((mail) => mail.subject))
      .toContain('A moderator hid something you posted on Basha');
    const mail = (await mailsTo(owner.email)).at(-1);
    expect(mail?.text).toContain('A moderator hid your rent ad from Basha after people reported it.');
    expect(mail?.text).not.toContain('Mohammadpur');
    expect(mail?.text).toContain('Reason: a scam, or asking for an advance payment.');
  });

  it('answers 404 when hiding an unknown target', async () => {
    expect((await hide(moderator, { kind: 'service', targetId: randomUUID() })).status).toBe(404);
    expect((await hide(moderator, { kind: 'rent', targetId: 'nope' })).status).toBe(400);
  });

  it('dismisses reports: they close, the item stays, the reporter may report it again', async () => {
    await freshLimits();
    const id = await rentAd();
    expect((await report(reporter, { kind: 'rent', targetId: id, reason: 'already-rented' })).status).toBe(201);
    const dismissed = await dismiss(moderator, { kind: 'rent', targetId: id });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data).toMatchObject({ closed: 1 });
    const groups = (await openReports(moderator)).body.data?.groups ?? [];
    expect(groups.map((group) => group.targetId)).not.toContain(id);
    expect((await ctx.request('GET', `/api/v1/rent/view-details/${id}`, { token: other.token })).status).toBe(200);
    expect((await report(reporter, { kind: 'rent', targetId: id, reason: 'already-rented' })).status).toBe(201);
  });

  it('hides a review: it leaves the service and its rating', async () => {
    await freshLimits();
    const offered = await service(owner);
    const reviewed = await ctx.request<ServiceRecord>('POST', `/api/v1/profession/add-feedback/${offered._id}`, {
      token: other.token,
      json: { rating: 1, feedback: 'Rude and late, and the tap still leaks.' },
    });
    const reviewId = reviewed.body.data?.ratings[0]?._id ?? '';
    // The reviewed provider may report a review of their own service; the reviewer may not report their own.
    expect((await report(other, { kind: 'review', targetId: reviewId, reason: 'offensive' })).status).toBe(403);
    expect((await report(owner, { kind: 'review', targetId: reviewId, reason: 'offensive' })).status).toBe(201);
    expect((await hide(moderator, { kind: 'review', targetId: reviewId })).status).toBe(200);
    const detail = await ctx.request<ServiceRecord>('GET', `/api/v1/profession/view-details/${offered._id}`, {
      token: reporter.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data?.ratings).toEqual([]);
  });

  it('hides a service: 404 on its detail and gone from the provider’s list', async () => {
    await freshLimits();
    const provider = await registerSignedIn(ctx, 'mod-provider');
    const offered = await service(provider);
    expect((await report(reporter, { kind: 'service', targetId: offered._id, reason: 'scam' })).status).toBe(201);
    expect((await hide(moderator, { kind: 'service', targetId: offered._id, reason: 'offensive' })).status).toBe(200);
    expect(
      (await ctx.request('GET', `/api/v1/profession/view-details/${offered._id}`, { token: reporter.token })).status,
    ).toBe(404);
    const details = await ctx.request<{ professionalProfiles: ServiceRecord[] }>(
      'GET',
      `/api/v1/user/professional-details/${provider.id}`,
      { token: reporter.token },
    );
    expect(details.body.data?.professionalProfiles).toEqual([]);
    const mine = await ctx.request<HiddenItem[]>('GET', '/api/v1/moderation/hidden-mine', { token: provider.token });
    expect(mine.body.data?.[0]).toMatchObject({ kind: 'service', reason: 'offensive' });
  });

  it('hides a person: their profile, ads and services go for everyone else', async () => {
    await freshLimits();
    const person = await registerSignedIn(ctx, 'mod-person');
    const theirAd = await rentAd(person);
    const theirService = await service(person);
    expect((await report(reporter, { kind: 'user', targetId: person.id, reason: 'scam' })).status).toBe(201);
    expect((await report(other, { kind: 'rent', targetId: theirAd, reason: 'scam' })).status).toBe(201);
    expect((await hide(moderator, { kind: 'user', targetId: person.id })).status).toBe(200);
    expect((await ctx.request('GET', `/api/v1/user/find-info/${person.id}`, { token: other.token })).status).toBe(404);
    expect((await ctx.request('GET', `/api/v1/rent/view-details/${theirAd}`, { token: other.token })).status).toBe(404);
    expect(
      (await ctx.request('GET', `/api/v1/profession/view-details/${theirService._id}`, { token: other.token })).status,
    ).toBe(404);
    // The reports of their ad closed with them.
    const groups = (await openReports(moderator)).body.data?.groups ?? [];
    expect(groups.map((group) => group.targetId)).not.toContain(theirAd);
    expect(groups.map((group) => group.targetId)).not.toContain(person.id);
  });

  it('suspends a hidden person: their session ends and they cannot sign in again to post', async () => {
    await freshLimits();
    const person = await registerSignedIn(ctx, 'mod-suspended');
    expect((await hide(moderator, { kind: 'user', targetId: person.id })).status).toBe(200);
    const posted = await ctx.request('POST', '/api/v1/rent/create', { token: person.token, json: {} });
    expect(posted.status).toBe(401);
    const again = await ctx.request<string>('POST', `/api/v1/user/sign-in-token/${person.id}`, {
      token: person.idToken,
    });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('A moderator suspended this account. The e-mail we sent says why.');
    expect(again.body.data).toBeUndefined();
  });
});

describe('the mail to the owner of a hidden item', () => {
  // What an attacker would make Basha say in its own voice: a name, an address, a review, a service's words.
  const hostile = 'Basha Support: your account is locked, pay 500 taka at evil.example';
  const allWords = (mail: MailMessage) => `${mail.subject}\n${mail.text}\n${mail.html}`;
  const mailsOf = (email: string) => sent.filter((mail) => mail.to === email);

  it('says what was hidden in fixed words, never in words a user typed', async () => {
    await freshLimits();
    const person = await registerSignedIn(ctx, 'mod-hostile');
    await ctx.db.update(users).set({ name: hostile }).where(eq(users.id, person.id));
    const placed = await insertRentPost(
      ctx.db,
      person.id,
      { ...ad, addressLine: hostile, city: hostile, details: `${hostile}. ${ad.details}`, placeId: 'ar-dhanmondi' },
      [],
      { now: ctx.clock.now() },
    );
    const unplaced = await insertRentPost(ctx.db, person.id, { ...ad, addressLine: hostile }, [], {
      now: ctx.clock.now(),
    });
    const offered = await service(person);
    await ctx.db.update(services).set({ description: hostile }).where(eq(services.id, offered._id));
    const reviewed = await ctx.request<ServiceRecord>('POST', `/api/v1/profession/add-feedback/${offered._id}`, {
      token: other.token,
      json: { rating: 1, feedback: hostile },
    });
    const reviewId = reviewed.body.data?.ratings[0]?._id ?? '';

    const expected: [Record<string, unknown>, string, string][] = [
      [{ kind: 'rent', targetId: placed.id }, person.email, 'your rent ad in Dhanmondi'],
      [{ kind: 'rent', targetId: unplaced.id }, person.email, 'your rent ad from'],
      [{ kind: 'review', targetId: reviewId }, other.email, 'your review'],
      [{ kind: 'service', targetId: offered._id }, person.email, 'your service'],
      [{ kind: 'user', targetId: person.id }, person.email, 'your profile'],
    ];
    for (const [action, to, words] of expected) {
      const before = mailsOf(to).length;
      expect((await hide(moderator, { ...action, reason: 'scam' })).status, JSON.stringify(action)).toBe(200);
      const mail = mailsOf(to).at(before);
      expect(mail, JSON.stringify(action)).toBeDefined();
      expect(mail!.text).toContain(`A moderator hid ${words}`);
      expect(allWords(mail!)).not.toContain('evil.example');
      expect(allWords(mail!)).not.toContain('Basha Support');
    }
  });

  it('in Bangla names the place by the place tree', async () => {
    await freshLimits();
    const person = await registerSignedIn(ctx, 'mod-bangla');
    await ctx.db.update(users).set({ language: 'bn' }).where(eq(users.id, person.id));
    const placed = await insertRentPost(
      ctx.db,
      person.id,
      { ...ad, addressLine: hostile, placeId: 'ar-dhanmondi' },
      [],
      {
        now: ctx.clock.now(),
      },
    );
    expect((await hide(moderator, { kind: 'rent', targetId: placed.id, reason: 'scam' })).status).toBe(200);
    const mail = mailsOf(person.email).at(-1);
    expect(mail?.text).toContain('ধানমন্ডি এলাকার আপনার ভাড়ার বিজ্ঞাপন');
    expect(allWords(mail!)).not.toContain('evil.example');
  });

  it('goes only to an address its owner verified', async () => {
    await freshLimits();
    // Anyone may register with a stranger's address and a name of their choosing, and post nothing: a report of
    // the profile is all it takes to have it hidden.
    const squatter = await registerSignedIn(ctx, 'mod-squatter', { verified: false });
    await ctx.db.update(users).set({ name: hostile }).where(eq(users.id, squatter.id));
    expect((await report(reporter, { kind: 'user', targetId: squatter.id, reason: 'scam' })).status).toBe(201);
    expect((await hide(moderator, { kind: 'user', targetId: squatter.id })).status).toBe(200);
    expect(mailsOf(squatter.email)).toEqual([]);

    const verified = await registerSignedIn(ctx, 'mod-verified');
    expect((await hide(moderator, { kind: 'user', targetId: verified.id })).status).toBe(200);
    expect(mailsOf(verified.email)).toHaveLength(1);
  });
});
