import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  newUserPayload,
  registerUser,
  signIn,
  signUpFirebase,
  type RegisteredUser,
  type TestContext,
} from '../test/test-app';
import { databaseSnapshot, HOSTILE, onePixelPng, validService } from './bad-input-support';
import { addDays, dhakaDate } from '../../src/domain/request-status';

/**
 * Bad input, endpoint by endpoint (issue 7): from a valid body, every field is taken away, nulled, given the
 * wrong type, made huge, negative or zero, or filled with hostile text where it has a format; then the
 * request itself is broken (bad JSON, wrong content type, arrays, oversized). Every case must get a 4xx with
 * a message, never a 5xx, and leave the database exactly as it was.
 */

type Body = Record<string, unknown>;

interface Target {
  name: string;
  method: string;
  path: () => string;
  token: () => string;
  base: () => Body;
  /** Fields that may be left out (so "missing" is not bad input for them). */
  optional?: string[];
  /** Fields that accept null. */
  nullable?: string[];
  /** Fields with a format (e-mail, phone, date, choice, id) where hostile text is invalid. */
  formatted?: string[];
  /** Names and titles, which others see: text that looks empty or like someone else's is invalid. */
  named?: string[];
  /** People's names: also invalid when they read as Basha or its moderators. */
  personNames?: string[];
}

/** Names that draw nothing or read as another (issue 17, point 10). */
const IMPERSONATING = [
  ['zero-width characters only', '\u200b\u200b\u200b'],
  ['a right-to-left override', 'Basha \u202etroppuS'],
  ['a bidi isolate', 'Karim \u2066Uddin\u2069'],
  ['Hangul fillers only', '\u3164\u115f\u1160\uffa0'],
] as const;

/** People's names that read as Basha or its moderators (issue 38, point 7). */
const POSING_AS_BASHA = [
  ['Basha Support with a Cyrillic о', 'Basha Supp\u043ert'],
  ['moderator with Cyrillic о', 'M\u043ederat\u043er'],
] as const;

type Mutation = (base: Body) => Body;

/** The cases for one endpoint, as changes applied to its valid body when the test runs. */
function fieldMutations(target: Target): [string, Mutation][] {
  // The shape of the body is known before the test users exist; the values are filled in at run time.
  const shape = target.base();
  const cases: [string, Mutation][] = [];
  for (const [key, value] of Object.entries(shape)) {
    const withValue =
      (replacement: unknown): Mutation =>
      (base) => ({ ...base, [key]: replacement });
    const without: Mutation = (base) => Object.fromEntries(Object.entries(base).filter(([name]) => name !== key));
    if (!target.optional?.includes(key)) cases.push([`without ${key}`, without]);
    if (!target.nullable?.includes(key)) cases.push([`${key} null`, withValue(null)]);
    if (typeof value === 'string') {
      cases.push([`${key} as a number`, withValue(12345)]);
      cases.push([`${key} as an object`, withValue({ nested: true })]);
      cases.push([`${key} huge`, withValue('x'.repeat(100_000))]);
    } else if (typeof value === 'number') {
      cases.push([`${key} as text`, withValue('a lot')]);
      cases.push([`${key} negative`, withValue(-1)]);
      cases.push([`${key} zero`, withValue(0)]);
      cases.push([`${key} as a list`, withValue([1])]);
    } else if (Array.isArray(value)) {
      cases.push([`${key} as text`, withValue('not a list')]);
      cases.push([`${key} with a number inside`, withValue([42])]);
    } else if (value && typeof value === 'object') {
      cases.push([`${key} as text`, withValue('not an object')]);
      cases.push([`${key} as a list`, withValue([])]);
    }
    if (target.formatted?.includes(key)) {
      for (const [label, text] of HOSTILE) cases.push([`${key} as ${label}`, withValue(text)]);
    }
    if (target.named?.includes(key)) {
      for (const [label, text] of IMPERSONATING) cases.push([`${key} with ${label}`, withValue(text)]);
    }
    if (target.personNames?.includes(key)) {
      for (const [label, text] of POSING_AS_BASHA) cases.push([`${key} as ${label}`, withValue(text)]);
    }
  }
  cases.push(['an unknown extra field', (base) => ({ ...base, isVerified: true })]);
  return [...cases, ...genericShapes(shape)];
}

/** Keys that name members of Object.prototype: a body reader that indexes a plain object with them breaks. */
const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'];

/** A copy of `object` with an own property `key` (an object literal would set the prototype for `__proto__`). */
function withOwnKey(object: Body, key: string, value: unknown): Body {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/**
 * Characters no text may hold, whatever the field: PostgreSQL cannot store a NUL (issue 17, point 5), and a lone
 * UTF-16 surrogate is half a character, which JSON can spell (`"\ud800"`) but jsonb refuses (issue 38, point 7).
 */
const UNSTORABLE = [
  ['a NUL character', '\u0000'],
  ['a lone surrogate', '\ud800'],
  ['a lone low surrogate', '\udc00'],
] as const;

/**
 * The shapes every JSON endpoint gets: keys named after Object.prototype's members, at the top and inside each
 * nested object, and each unstorable character in each text field, each list of texts, and each nested object's
 * keys and texts.
 */
function genericShapes(shape: Body): [string, Mutation][] {
  const cases: [string, Mutation][] = [];
  for (const name of PROTOTYPE_KEYS) {
    cases.push([`an extra key named ${name}`, (base) => withOwnKey(base, name, 'x')]);
  }
  for (const [key, value] of Object.entries(shape)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const name of ['__proto__', 'constructor']) {
        cases.push([
          `${key} with a key named ${name}`,
          (base) => ({ ...base, [key]: withOwnKey(base[key] as Body, name, 'x') }),
        ]);
      }
    }
    for (const [label, character] of UNSTORABLE) {
      if (typeof value === 'string') {
        cases.push([`${key} with ${label}`, (base) => ({ ...base, [key]: `${String(base[key])}${character}` })]);
      } else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
        cases.push([`${key} with ${label} in an item`, (base) => ({ ...base, [key]: [`Mirpur${character}`] })]);
      } else if (value && typeof value === 'object' && !Array.isArray(value)) {
        cases.push([
          `${key} with ${label} in a key`,
          (base) => ({ ...base, [key]: withOwnKey(base[key] as Body, `street${character}`, 'x') }),
        ]);
        for (const [inner, text] of Object.entries(value)) {
          if (typeof text !== 'string') continue;
          cases.push([
            `${key}.${inner} with ${label}`,
            (base) => ({ ...base, [key]: { ...(base[key] as Body), [inner]: `${text}${character}` } }),
          ]);
        }
      }
    }
  }
  return cases;
}

const REQUEST_CASES: [string, () => { body: BodyInit; contentType: string }][] = [
  ['broken JSON', () => ({ body: '{"name": "unfinished', contentType: 'application/json' })],
  ['an empty body', () => ({ body: '', contentType: 'application/json' })],
  ['a JSON array', () => ({ body: '[1, 2, 3]', contentType: 'application/json' })],
  ['a JSON string', () => ({ body: '"hello"', contentType: 'application/json' })],
  ['plain text', () => ({ body: 'name=Rahim', contentType: 'text/plain' })],
  ['a form post', () => ({ body: 'name=Rahim&email=a%40b.co', contentType: 'application/x-www-form-urlencoded' })],
  ['broken multipart', () => ({ body: '--x\r\nnot really', contentType: 'multipart/form-data; boundary=x' })],
  [
    'a 2 MB body',
    () => ({ body: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }), contentType: 'application/json' }),
  ],
];

let t: TestContext;
let owner: RegisteredUser & { session: string };
let reviewer: RegisteredUser & { session: string };
/** Someone who has not proven their e-mail yet, so validate-otp reads their code. */
let newcomer: RegisteredUser & { session: string };
let freshIdentity: { email: string; idToken: string };
let serviceId: string;
let photoUrls: string[];
/** A browser's subscription keys: a P-256 public key and a 16-byte secret. */
const browserPushKeys = (() => {
  const browser = createECDH('prime256v1');
  return { p256dh: browser.generateKeys('base64url', 'uncompressed'), auth: randomBytes(16).toString('base64url') };
})();
const startDate = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const targets: Target[] = [
  {
    name: 'create-new',
    method: 'POST',
    path: () => '/api/v1/user/create-new',
    token: () => freshIdentity.idToken,
    base: () => newUserPayload(freshIdentity?.email ?? 'placeholder@example.com'),
    optional: ['nid', 'socialMedia', 'profileImage'],
    nullable: ['profileImage'],
    formatted: ['email', 'phoneNumber', 'gender', 'dateOfBirth', 'profileImage'],
    named: ['name', 'nationality', 'occupation'],
    personNames: ['name'],
  },
  {
    name: 'find-id',
    method: 'POST',
    path: () => '/api/v1/user/find-id',
    token: () => owner.idToken,
    base: () => ({ email: owner?.email ?? 'placeholder@example.com' }),
    formatted: ['email'],
  },
  {
    name: 'validate-otp',
    method: 'POST',
    path: () => `/api/v1/user/validate-otp/${newcomer.id}`,
    token: () => newcomer.session,
    base: () => ({ otp: '123456' }),
    formatted: ['otp'],
  },
  {
    name: 'rent create',
    method: 'POST',
    path: () => '/api/v1/rent/create',
    token: () => owner.session,
    base: () => ({
      category: 'flat',
      cost: 18000,
      rentPaymentFrequency: 'monthly',
      rentStartDate: startDate(),
      contactInfo: '01712345678',
      addressLine: 'House 21, Road 6, Mirpur 2',
      city: 'Dhaka',
      postalCode: '1216',
      details: 'A quiet two-room flat near the metro station, with gas and water.',
      placeId: 'ar-mirpur',
      imageUrls: photoUrls ?? [],
    }),
    formatted: ['category', 'rentPaymentFrequency', 'rentStartDate', 'contactInfo'],
  },
  {
    name: 'create-profile',
    method: 'POST',
    path: () => `/api/v1/profession/create-profile/${reviewer.id}`,
    token: () => reviewer.session,
    base: validService,
    // The typed areas of the spec, which the forms no longer send: the server names them after the places.
    optional: ['serviceArea'],
    formatted: ['category', 'contactNumber', 'availableTime'],
  },
  {
    name: 'update-profile',
    method: 'PATCH',
    path: () => `/api/v1/profession/update-profile/${serviceId}`,
    token: () => owner.session,
    base: () => ({ ...validService(), status: 'active' }),
    // The category cannot change, so an edit may leave it out; left out, the service keeps its places. The typed
    // areas are named after the places.
    optional: ['category', 'servicePlaceIds', 'serviceArea'],
    formatted: ['category', 'status', 'contactNumber', 'availableTime'],
  },
  {
    name: 'add-feedback',
    method: 'POST',
    path: () => `/api/v1/profession/add-feedback/${serviceId}`,
    token: () => reviewer.session,
    base: () => ({ rating: 4, feedback: 'Arrived on time and fixed the fan.' }),
    formatted: ['rating'],
  },
  {
    name: 'ask for a job',
    method: 'POST',
    path: () => '/api/v1/requests',
    token: () => reviewer.session,
    base: () => ({
      kind: 'service',
      listingId: serviceId,
      // Tomorrow in Dhaka by the test's clock, which each case moves on.
      date: addDays(dhakaDate(t?.clock.now() ?? new Date()), 1),
      timeOfDay: 'afternoon',
      placeId: 'ar-uttara',
      note: 'The ceiling fan hums and stops.',
      offeredPrice: 500,
    }),
    optional: ['offeredPrice'],
    formatted: ['kind', 'listingId', 'date', 'timeOfDay', 'placeId'],
  },
  {
    name: 'push subscribe',
    method: 'PUT',
    path: () => '/api/v1/push/subscriptions',
    token: () => owner.session,
    // A loopback endpoint, which the test's demo- project may send to; nothing is sent to it here.
    base: () => ({ endpoint: 'http://127.0.0.1:9/push/bad-input', expirationTime: null, keys: browserPushKeys }),
    optional: ['expirationTime'],
    nullable: ['expirationTime'],
    formatted: ['endpoint'],
  },
  {
    name: 'save an alert',
    method: 'POST',
    path: () => '/api/v1/alerts',
    token: () => reviewer.session,
    base: () => ({ kind: 'rent', filters: { placeId: 'ds-47', maxPrice: 20000, q: 'lift' }, frequency: 'daily' }),
    formatted: ['kind', 'filters', 'frequency'],
  },
  {
    name: 'update-details',
    method: 'PATCH',
    path: () => `/api/v1/user/update-details/${owner.id}`,
    token: () => owner.session,
    base: () => {
      const {
        nid: _nid,
        socialMedia: _social,
        profileImage: _image,
        ...required
      } = newUserPayload(owner?.email ?? 'placeholder@example.com');
      return required;
    },
    optional: ['occupation'],
    formatted: ['email', 'phoneNumber', 'gender', 'dateOfBirth'],
    named: ['name', 'nationality', 'occupation'],
    personNames: ['name'],
  },
  {
    name: 'landing feedback',
    method: 'POST',
    path: () => '/api/v1/feedback',
    token: () => '',
    base: () => ({
      name: 'Sadia',
      email: 'sadia@example.com',
      contact: '01812345678',
      subject: 'Hello',
      message: 'Basha helped me find a flat in Sylhet.',
    }),
    formatted: ['email', 'contact'],
    named: ['name', 'subject'],
    personNames: ['name'],
  },
];

const snapshot = () => databaseSnapshot(t.db);

beforeAll(async () => {
  t = await createTestContext();
  const ownerUser = await registerUser(t, 'bad-owner');
  const reviewerUser = await registerUser(t, 'bad-reviewer');
  owner = { ...ownerUser, session: await signIn(t, ownerUser) };
  reviewer = { ...reviewerUser, session: await signIn(t, reviewerUser) };
  const newcomerUser = await registerUser(t, 'bad-newcomer', { verified: false });
  newcomer = { ...newcomerUser, session: await signIn(t, newcomerUser) };
  const fresh = await signUpFirebase();
  freshIdentity = { email: fresh.email, idToken: fresh.idToken };

  const service = await t.request<{ _id: string }>('POST', `/api/v1/profession/create-profile/${owner.id}`, {
    token: owner.session,
    json: validService(),
  });
  serviceId = service.body.data?._id ?? '';
  const form = new FormData();
  form.append('propertyImage', onePixelPng());
  const upload = await t.request<{ urls: string[] }>('POST', '/api/v1/image/upload-properties', {
    token: owner.session,
    body: form,
  });
  photoUrls = upload.body.data?.urls ?? [];
});
afterAll(() => t.close());

let casesTried = 0;

describe('bad input', () => {
  it('starts from bodies the server accepts', () => {
    expect(serviceId).toMatch(/[0-9a-f-]{36}/);
    expect(photoUrls).toHaveLength(1);
  });

  for (const target of targets) {
    describe(target.name, () => {
      const cases = fieldMutations(target);
      it.each(cases.map(([label, mutate]) => [label, mutate] as const))(
        'refuses %s with a 4xx and changes nothing',
        async (_label, mutate) => {
          t.clock.advance(11 * 60 * 1000); // a fresh rate-limit window, so the limits do not answer instead
          const before = await snapshot();
          const token = target.token();
          const body = mutate(target.base());
          const response = await t.request(target.method, target.path(), { json: body, ...(token ? { token } : {}) });
          casesTried += 1;
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(response.body.success).toBe(false);
          expect(response.body.message).toBeTruthy();
          expect(await snapshot()).toBe(before);
        },
      );

      it.each(REQUEST_CASES)('refuses %s with a 4xx and changes nothing', async (_label, make) => {
        t.clock.advance(11 * 60 * 1000);
        const before = await snapshot();
        const { body, contentType } = make();
        const token = target.token();
        const response = await t.request(target.method, target.path(), {
          body,
          headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        casesTried += 1;
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(await snapshot()).toBe(before);
      });
    });
  }

  // The control: every unchanged body is accepted, so each refusal above was caused by its one change.
  it.each(targets.map((target) => [target.name, target] as const))(
    'accepts the valid %s body',
    async (_name, target) => {
      t.clock.advance(11 * 60 * 1000);
      const token = target.token();
      const response = await t.request(target.method, target.path(), {
        json: target.base(),
        ...(token ? { token } : {}),
      });
      if (target.name === 'validate-otp') {
        expect(response.body.message).toBe('No active code. Please request a new one.'); // past validation
      } else {
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      }
    },
  );

  it('tried at least 300 cases', () => {
    expect(casesTried).toBeGreaterThanOrEqual(300);
  });
});
