import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWN_NUMBERS_PER_ADDRESS_PER_HOUR } from '../http/limits';
import { rentPosts, reviews, services, users } from '../db/schema';
import { createLocalImageStorage } from '../images/storage';
import { insertRentPost } from '../rent/rent-posts';
import { seedDemoData } from '../seed/demo-data';
import { seedDemoRentPosts } from '../seed/demo-rent-posts';
import { seedDemoServices } from '../seed/demo-services';
import { RENT_AD_INPUT } from '../test/rows';
import { createTestContext, registerUser, signIn, type TestContext, type TestResponse } from '../test/test-app';
import { validService } from './bad-input-support';

/**
 * What a visitor (no token at all) reads of the listings (issue 40; "Who sees what", listings, in
 * docs/security.md): field by field against a signed-in person's answers, a search of every visitor answer over
 * the demo data for every private value of the people in it, and "Show number" with its limit per client address.
 * The app trusts one proxy, so each test names its own client address in X-Forwarded-For.
 */

const HOUR_MS = 60 * 60 * 1000;
/** Fields of a rent ad a visitor does not get (list, delta and details alike). */
const RENT_PRIVATE = ['contactInfo', 'addressLine', 'postalCode'];
/** Fields of a service a visitor does not get (list, delta, details and the provider page alike). */
const SERVICE_PRIVATE = ['contactNumber', 'addressLine'];

const AD_PHONE = '+880 1819-555444';
const SERVICE_PHONE = '+880 1912-333222';
const TYPED_NUMBER = '01712 345678';

let t: TestContext;
let session: string;
let providerId: string;
let adId: string;
let serviceId: string;

type Row = Record<string, unknown>;

function asVisitor<T = unknown>(path: string, address = '203.0.113.1', headers: Record<string, string> = {}) {
  return t.request<T>('GET', path, { headers: { 'X-Forwarded-For': address, ...headers } });
}
function asSignedIn<T = unknown>(path: string, address = '203.0.113.1') {
  return t.request<T>('GET', path, { token: session, headers: { 'X-Forwarded-For': address } });
}

beforeAll(async () => {
  t = await createTestContext({ env: { TRUST_PROXY: '1' } });
  // Demo-like data: the demo people, their 66 ads and their services with reviews.
  const demoUserIds = await seedDemoData({ db: t.db, accounts: t.identity, now: t.clock.now() });
  const images = createLocalImageStorage(t.config.uploadsDir);
  await seedDemoRentPosts({ db: t.db, images, posterIds: Object.values(demoUserIds), now: t.clock.now() });
  await seedDemoServices({ db: t.db, accounts: t.identity, images, demoUserIds, now: t.clock.now() });

  // And one ad and one service whose texts carry a typed phone number, with a review that carries one too.
  const provider = await registerUser(t, 'provider');
  const providerSession = await signIn(t, provider);
  providerId = provider.id;
  const reviewer = await registerUser(t, 'reviewer');
  session = await signIn(t, reviewer);
  const ad = await insertRentPost(
    t.db,
    provider.id,
    { ...RENT_AD_INPUT, contactInfo: AD_PHONE, details: `Call ${TYPED_NUMBER} after six.` },
    [],
    { now: t.clock.now() },
  );
  adId = ad.id;
  const service = await t.request<{ _id: string }>('POST', `/api/v1/profession/create-profile/${provider.id}`, {
    token: providerSession,
    json: { ...validService(), contactNumber: SERVICE_PHONE, description: `Wiring and repairs, ring ${TYPED_NUMBER}.` },
  });
  expect(service.status, JSON.stringify(service.body)).toBe(201);
  serviceId = service.body.data?._id ?? '';
  const review = await t.request('POST', `/api/v1/profession/add-feedback/${serviceId}`, {
    token: session,
    json: { rating: 5, feedback: `Came at once. His other number: ${TYPED_NUMBER}` },
  });
  expect([200, 201]).toContain(review.status);
}, 60_000);
afterAll(() => t.close());

/** Every field of `signedIn` is in `visitor` unless it is private, and `visitor` has no field of its own. */
function expectVisitorFields(visitor: Row, signedIn: Row, privateFields: string[]) {
  for (const field of Object.keys(signedIn)) {
    if (privateFields.includes(field)) expect(visitor, `${field} to a visitor`).not.toHaveProperty(field);
    else expect(visitor, `${field} to a visitor`).toHaveProperty(field);
  }
  expect(Object.keys(visitor).every((field) => Object.hasOwn(signedIn, field))).toBe(true);
}

describe('the reads a visitor may make', () => {
  const paths = () => [
    '/api/v1/rent/rent-posts',
    '/api/v1/rent/rent-posts?since=0',
    `/api/v1/rent/view-details/${adId}`,
    '/api/v1/profession/find-services/all',
    '/api/v1/profession/find-services/electrician?since=0',
    `/api/v1/profession/view-details/${serviceId}`,
    `/api/v1/user/professional-details/${providerId}`,
  ];

  it('answer a request with no token', async () => {
    for (const path of paths()) expect((await asVisitor(path)).status, path).toBe(200);
  });

  it('still refuse a wrong, malformed or empty token with 401: a visitor is someone who sends none', async () => {
    for (const path of paths()) {
      for (const authorization of ['Bearer bs_forged', 'Bearer not a token!', 'Basic YTpi', '']) {
        const response = await t.request('GET', path, { headers: { Authorization: authorization } });
        expect(response.status, `${path} with "${authorization}"`).toBe(401);
      }
    }
  });

  it('leave every other route of the same routers closed to visitors', async () => {
    expect((await asVisitor('/api/v1/rent/my-posts')).status).toBe(401);
    expect((await t.request('DELETE', `/api/v1/rent/delete/${adId}`)).status).toBe(401);
    expect((await t.request('PATCH', `/api/v1/profession/update-profile/${serviceId}`, { json: {} })).status).toBe(401);
    expect((await t.request('POST', '/api/v1/user/sign-out')).status).toBe(401);
  });
});

describe('a rent ad, field by field, to a visitor', () => {
  it('in the list: no phone, no street, no postal code; a number typed in the text masked', async () => {
    const visitor = (await asVisitor<Row[]>('/api/v1/rent/rent-posts')).body.data ?? [];
    const signedIn = (await asSignedIn<Row[]>('/api/v1/rent/rent-posts')).body.data ?? [];
    expect(visitor.map((row) => row._id)).toEqual(signedIn.map((row) => row._id));
    expect(visitor.length).toBeGreaterThan(60);
    visitor.forEach((row, i) => expectVisitorFields(row, signedIn[i]!, RENT_PRIVATE));
    const ad = visitor.find((row) => row._id === adId)!;
    expect(ad.details).toBe('Call ••• after six.');
    expect(ad.description).toBe('Call ••• after six.');
    expect(ad.city).toBe(RENT_AD_INPUT.city);
    // Signed-in people get what they got before.
    const own = signedIn.find((row) => row._id === adId)!;
    expect(own.contactInfo).toBe(AD_PHONE);
    expect(own.addressLine).toBe(RENT_AD_INPUT.addressLine);
    expect(own.details).toBe(`Call ${TYPED_NUMBER} after six.`);
  });

  it('in a delta sync the same, with the same cursor', async () => {
    const visitor = (await asVisitor<{ changed: Row[]; cursor: string }>('/api/v1/rent/rent-posts?since=0')).body.data!;
    const signedIn = (await asSignedIn<{ changed: Row[]; cursor: string }>('/api/v1/rent/rent-posts?since=0')).body
      .data!;
    expect(visitor.cursor).toBe(signedIn.cursor);
    expect(visitor.changed.length).toBe(signedIn.changed.length);
    visitor.changed.forEach((row, i) => expectVisitorFields(row, signedIn.changed[i]!, RENT_PRIVATE));
  });

  it('in the details: the poster’s name but no number (it takes a "Show number"), and an ETag of its own', async () => {
    const visitor = await asVisitor<Row>(`/api/v1/rent/view-details/${adId}`);
    const signedIn = await asSignedIn<Row>(`/api/v1/rent/view-details/${adId}`);
    expectVisitorFields(visitor.body.data!, signedIn.body.data!, RENT_PRIVATE);
    expect(visitor.body.data?.user).toEqual(signedIn.body.data?.user);
    expect(signedIn.body.data?.contactInfo).toBe(AD_PHONE);
    expect(visitor.headers.get('etag')).not.toBe(signedIn.headers.get('etag'));
    // A signed-in phone's ETag does not get a visitor a 304 (nor the other way round).
    const again = await t.request('GET', `/api/v1/rent/view-details/${adId}`, {
      headers: { 'If-None-Match': signedIn.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(200);
  });

  it('gives the list its own ETag', async () => {
    const visitor = await asVisitor('/api/v1/rent/rent-posts');
    const signedIn = await asSignedIn('/api/v1/rent/rent-posts');
    expect(visitor.headers.get('etag')).toMatch(/rent-posts-public/);
    expect(visitor.headers.get('etag')).not.toBe(signedIn.headers.get('etag'));
  });
});

describe('a service, field by field, to a visitor', () => {
  it('in the list and its delta: no phone, no street; numbers typed in the description and reviews masked', async () => {
    const visitor = (await asVisitor<Row[]>('/api/v1/profession/find-services/all')).body.data ?? [];
    const signedIn = (await asSignedIn<Row[]>('/api/v1/profession/find-services/all')).body.data ?? [];
    expect(visitor.length).toBeGreaterThan(40);
    visitor.forEach((row, i) => expectVisitorFields(row, signedIn[i]!, SERVICE_PRIVATE));
    const service = visitor.find((row) => row._id === serviceId)!;
    expect(service.description).toBe('Wiring and repairs, ring •••.');
    expect((service.ratings as Row[])[0]?.feedback).toBe('Came at once. His other number: •••');
    expect(service.serviceArea).toEqual(signedIn.find((row) => row._id === serviceId)?.serviceArea);

    const delta = (await asVisitor<{ changed: Row[] }>('/api/v1/profession/find-services/all?since=0')).body.data!;
    const signedInDelta = (await asSignedIn<{ changed: Row[] }>('/api/v1/profession/find-services/all?since=0')).body
      .data!;
    delta.changed.forEach((row, i) => expectVisitorFields(row, signedInDelta.changed[i]!, SERVICE_PRIVATE));
  });

  it('in the details and on the provider page the same; signed-in people keep the number', async () => {
    const visitor = await asVisitor<Row>(`/api/v1/profession/view-details/${serviceId}`);
    const signedIn = await asSignedIn<Row>(`/api/v1/profession/view-details/${serviceId}`);
    expectVisitorFields(visitor.body.data!, signedIn.body.data!, SERVICE_PRIVATE);
    expect(signedIn.body.data?.contactNumber).toBe(SERVICE_PHONE);
    expect(visitor.headers.get('etag')).not.toBe(signedIn.headers.get('etag'));

    type Page = { _id: string; name: string; professionalProfiles: Row[] };
    const page = (await asVisitor<Page>(`/api/v1/user/professional-details/${providerId}`)).body.data!;
    const signedInPage = (await asSignedIn<Page>(`/api/v1/user/professional-details/${providerId}`)).body.data!;
    expect(Object.keys(page).sort()).toEqual(['_id', 'name', 'professionalProfiles']);
    expect(page.professionalProfiles).toHaveLength(1);
    expectVisitorFields(page.professionalProfiles[0]!, signedInPage.professionalProfiles[0]!, SERVICE_PRIVATE);
  });
});

describe('no private value of anyone in any visitor answer', () => {
  it('finds no e-mail, phone, date of birth, street, postal code or NID of any person or listing', async () => {
    const people = await t.db.select().from(users);
    const providers = [...new Set((await t.db.select().from(services)).map((row) => row.providerId))];
    const reviewed = await t.db.select().from(reviews);
    const paths = [
      '/api/v1/rent/rent-posts',
      '/api/v1/rent/rent-posts?since=0',
      '/api/v1/profession/find-services/all',
      '/api/v1/profession/find-services/all?since=0',
      ...(await t.db.select().from(rentPosts)).map((row) => `/api/v1/rent/view-details/${row.id}`),
      ...(await t.db.select().from(services)).map((row) => `/api/v1/profession/view-details/${row.id}`),
      ...providers.map((id) => `/api/v1/user/professional-details/${id}`),
    ];
    expect(reviewed.length).toBeGreaterThan(10);
    expect(paths.length).toBeGreaterThan(120);
    const answers: string[] = [];
    for (const path of paths) {
      const answer = await asVisitor(path);
      expect(answer.status, path).toBe(200);
      answers.push(JSON.stringify(answer.body));
    }
    const everything = answers.join('\n');

    const privateValues = new Set<string>();
    for (const person of people) {
      for (const value of [person.email, person.phoneNumber, person.dateOfBirth, person.street, person.postalCode]) {
        if (value) privateValues.add(String(value));
      }
      if (person.nid) privateValues.add(person.nid);
      privateValues.add(person.firebaseUid);
    }
    for (const ad of await t.db.select().from(rentPosts)) {
      for (const value of [ad.contactInfo, ad.addressLine, ad.postalCode]) privateValues.add(value);
    }
    for (const service of await t.db.select().from(services)) {
      privateValues.add(service.contactNumber);
      privateValues.add(service.addressLine);
    }
    privateValues.add(TYPED_NUMBER);
    privateValues.delete('');
    expect(privateValues.size).toBeGreaterThan(100);
    for (const value of privateValues) {
      // Short values (postal codes) are looked for as whole JSON strings: as bare digits they turn up in ids.
      const needle = value.length >= 6 ? value : JSON.stringify(value);
      expect(everything.includes(needle), `${value} in a visitor answer`).toBe(false);
    }
    // Digits alone too, however a number was written.
    const digitsOnly = everything.replace(/\D+/g, ' ');
    for (const person of people) {
      const digits = person.phoneNumber?.replace(/\D/g, '').replace(/^880/, '');
      if (digits) expect(digitsOnly.includes(digits), `${person.phoneNumber} as digits`).toBe(false);
    }
  }, 120_000);
});

describe('"Show number"', () => {
  it('answers a visitor the ad’s and the service’s number, and nothing else', async () => {
    const ad = await asVisitor(`/api/v1/rent/view-details/${adId}/phone`, '198.51.100.1');
    expect(ad.status).toBe(200);
    expect(ad.body.data).toEqual({ _id: adId, contactInfo: AD_PHONE });
    const service = await asVisitor(`/api/v1/profession/view-details/${serviceId}/phone`, '198.51.100.1');
    expect(service.body.data).toEqual({ _id: serviceId, contactNumber: SERVICE_PHONE });
    expect(service.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 for a listing that is not there', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await asVisitor(`/api/v1/rent/view-details/${missing}/phone`, '198.51.100.2')).status).toBe(404);
    expect((await asVisitor(`/api/v1/profession/view-details/not-an-id/phone`, '198.51.100.2')).status).toBe(404);
  });

  it(`gives one address ${SHOWN_NUMBERS_PER_ADDRESS_PER_HOUR} numbers an hour, ads and services together, then 429 in its language`, async () => {
    const address = '198.51.100.3';
    const paths = [`/api/v1/rent/view-details/${adId}/phone`, `/api/v1/profession/view-details/${serviceId}/phone`];
    for (let i = 0; i < SHOWN_NUMBERS_PER_ADDRESS_PER_HOUR; i += 1) {
      expect((await asVisitor(paths[i % 2]!, address)).status, `number ${i + 1}`).toBe(200);
    }
    const refused: TestResponse = await asVisitor(paths[0]!, address, { 'Accept-Language': 'en' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Too many phone numbers shown from this connection\. Sign in to see more/);
    expect(refused.body).not.toHaveProperty('data');
    const inBangla = await asVisitor(paths[1]!, address, { 'Accept-Language': 'bn' });
    expect(inBangla.status).toBe(429);
    expect(inBangla.body.message).toMatch(/^এই সংযোগ থেকে অনেক বেশি ফোন নম্বর দেখা হয়েছে।/);
    expect(inBangla.body.message).toMatch(/[০-৯]+ মিনিট/);

    // Another address is counted apart; a signed-in person at this one is not counted at all.
    expect((await asVisitor(paths[0]!, '198.51.100.4')).status).toBe(200);
    const signedIn = await asSignedIn<Row>(paths[0]!, address);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data?.contactInfo).toBe(AD_PHONE);
    // The details still answer, without the number.
    expect((await asVisitor(`/api/v1/rent/view-details/${adId}`, address)).status).toBe(200);

    t.clock.advance(HOUR_MS);
    expect((await asVisitor(paths[0]!, address)).status).toBe(200);
  });

  it('lets no more than the limit through when one address asks for many numbers at once', async () => {
    const path = `/api/v1/rent/view-details/${adId}/phone`;
    const answers = await Promise.all(
      Array.from({ length: SHOWN_NUMBERS_PER_ADDRESS_PER_HOUR + 10 }, () => asVisitor(path, '198.51.100.5')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SHOWN_NUMBERS_PER_ADDRESS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});
