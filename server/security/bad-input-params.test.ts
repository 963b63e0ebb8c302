import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_CURSOR_MAX_FUTURE_MS } from '../../src/domain/sync-cursor';
import { createTestContext, registerUser, signIn, type RegisteredUser, type TestContext } from '../test/test-app';
import { createdRentAd, createdService } from '../test/listing-fixtures';
import { databaseSnapshot, HOSTILE, validService } from './bad-input-support';

/**
 * Bad input for what bad-input.test.ts does not reach (issue 7, point 1): the path and query of every
 * endpoint, and the endpoints without a body. Ids that do not exist, malformed UUIDs, path traversal,
 * percent-encoding tricks, hostile and huge text, bad delta cursors and categories, wrong methods, extra path
 * segments and malformed tokens. Every case must get a 4xx (never a redirect, never a 5xx) with a JSON message,
 * and leave the database exactly as it was. A well-formed request for a thing that does not exist counts when
 * it answers 404 (or 403 where the endpoint does not reveal which ids exist).
 */

interface RawRequest {
  method: string;
  path: string;
  token?: string;
  headers?: Record<string, string>;
  body?: BodyInit;
}

type Case = [label: string, make: () => RawRequest];

interface Endpoint {
  name: string;
  cases: Case[];
  /** Rate-limited: each case starts a fresh window, so the limit does not answer instead of the check. */
  rateLimited?: boolean;
}

const API = '/api/v1';
const UNKNOWN_ID = randomUUID();
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const enc = encodeURIComponent;
/** Random hex does not compress, so it cannot hide inside a database index the way 'xxx...' can. */
const HUGE_RANDOM = randomBytes(16_000).toString('hex');
const SQL = "1' OR '1'='1'; DROP TABLE users; --";

/** Path segments standing where an id belongs, with no real id in them. */
const BAD_IDS: [string, string][] = [
  ['an unknown id', UNKNOWN_ID],
  ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['an unknown id in capitals', UNKNOWN_ID.toUpperCase()],
  ['a number', '12345'],
  ['a negative number', '-1'],
  ['zero', '0'],
  ['NaN', 'NaN'],
  ['a UUID one character short', UNKNOWN_ID.slice(0, -1)],
  ['a UUID one character long', `${UNKNOWN_ID}0`],
  ['a UUID with a non-hex digit', `g${UNKNOWN_ID.slice(1)}`],
  ['a UUID without dashes', UNKNOWN_ID.replaceAll('-', '')],
  ['a UUID in braces', enc(`{${UNKNOWN_ID}}`)],
  ['a Mongo ObjectId', '507f1f77bcf86cd799439011'],
  ['a query-operator object', enc('{"$ne":null}')],
  ...HOSTILE.map(([label, text]): [string, string] => [label, enc(text)]),
  ['right-to-left override text', enc('\u202Eabc\u202C')],
  ['a huge id', 'x'.repeat(50_000)],
  ['a huge random id', HUGE_RANDOM],
  ['path traversal', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['encoded dot segments', '%2e%2e'],
  ['backslash traversal', '..%5C..%5Cpackage.json'],
  ['double percent-encoding', '%252e%252e%252fetc%252fpasswd'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['a lone percent sign', '%'],
  ['an empty id', ''],
];

/** The BAD_IDS that are well-formed UUIDs naming nothing. */
const WELL_FORMED_UNKNOWN_IDS = ['an unknown id', 'the nil UUID', 'an unknown id in capitals'];

/** Near misses of a real id: it must be matched exactly, not trimmed or cut at a special character. */
const NEAR_MISSES: [string, (id: string) => string][] = [
  ['the real id with a null byte', (id) => `${id}%00`],
  ['the real id with a trailing space', (id) => `${id}%20`],
  ['the real id with a leading space', (id) => `%20${id}`],
  ['the real id with a semicolon', (id) => `${id};`],
  ['the real id with an SQL tail', (id) => `${id}${enc("' OR '1'='1")}`],
  ['the real id with an extra segment', (id) => `${id}/extra`],
  ['the real id twice', (id) => `${id}${id}`],
];

const BAD_TOKENS: [string, (token: string) => Record<string, string>][] = [
  ['no token', () => ({})],
  ['a script tag as token', () => ({ authorization: 'Bearer <script>alert(1)</script>' })],
  ['an SQL-looking token', () => ({ authorization: `Bearer ${SQL}` })],
  ['a huge token', () => ({ authorization: `Bearer ${'a'.repeat(100_000)}` })],
  ['a Basic scheme', (token) => ({ authorization: `Basic ${token}` })],
];

/** The cases of an endpoint whose path ends in an id. */
function idEndpoint(options: {
  method: string;
  prefix: string;
  realId: () => string;
  token: () => string;
  body?: () => unknown;
  rateLimited?: boolean;
  /** Methods the same path also serves (PUT and DELETE of a saved item): not wrong methods there. */
  siblingMethods?: string[];
  /**
   * An idempotent delete: a well-formed id that names nothing is already in the state asked for and answers 204,
   * so it is not bad input (checked apart, below).
   */
  unknownIdIsNoChange?: boolean;
  /** A read open to visitors (issue 40): no token at all is a visitor's request, not bad input. */
  visitors?: boolean;
}): Endpoint {
  const { prefix } = options;
  const request = (segment: string, extra: Partial<RawRequest> = {}): RawRequest => {
    const body = options.body?.();
    const method = extra.method ?? options.method;
    return {
      method,
      path: `${API}${prefix}/${segment}`,
      token: options.token(),
      ...(body === undefined || method === 'GET'
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      ...extra,
    };
  };
  const wellFormed = new Set(WELL_FORMED_UNKNOWN_IDS);
  const cases: Case[] = [
    ...BAD_IDS.filter(([label]) => !options.unknownIdIsNoChange || !wellFormed.has(label)).map(
      ([label, segment]): Case => [`${label} as id`, () => request(segment)],
    ),
    ...NEAR_MISSES.map(([label, make]): Case => [label, () => request(make(options.realId()))]),
    ...METHODS.filter((other) => other !== options.method && !options.siblingMethods?.includes(other)).map(
      (other): Case => [`${other} instead of ${options.method}`, () => request(options.realId(), { method: other })],
    ),
    ...BAD_TOKENS.filter(([label]) => !options.visitors || label !== 'no token').map(([label, headers]): Case => [
      label,
      () => {
        const base = request(options.realId());
        const { token: _token, ...rest } = base;
        return { ...rest, headers: { ...base.headers, ...headers(options.token()) } };
      },
    ]),
  ];
  return { name: `${options.method} ${prefix}/{id}`, cases, ...(options.rateLimited ? { rateLimited: true } : {}) };
}

/** Values of `?since=` that are not cursors the server could have handed out. */
const BAD_SINCE: [string, () => string][] = [
  ['an empty cursor', () => ''],
  ['letters', () => 'abc'],
  ['a negative number', () => '-1'],
  ['NaN', () => 'NaN'],
  ['Infinity', () => 'Infinity'],
  ['an exponent', () => '1e12'],
  ['a decimal', () => '1.5'],
  ['hexadecimal', () => '0x10'],
  ['a leading zero', () => '007'],
  ['a plus sign', () => '%2B5'],
  ['a padded number', () => '%200'],
  ['a huge number', () => '9'.repeat(40)],
  ['a huge random string', () => HUGE_RANDOM],
  ['a number past the safe integers', () => '9007199254740993'],
  ['a cursor two days ahead', () => String(t.clock.now().getTime() + SYNC_CURSOR_MAX_FUTURE_MS + 86_400_000)],
  ['the year 9999', () => String(Date.UTC(9999, 0, 1))],
  ['an ISO date', () => enc(new Date().toISOString())],
  ['a null byte', () => '0%00'],
  ['a repeated cursor, the first bad', () => 'abc&since=0'],
  ['a query-operator object', () => enc('{"$gt":0}')],
  ...HOSTILE.map(([label, text]): [string, () => string] => [label, () => enc(text)]),
];

function sinceCases(path: string): Case[] {
  return BAD_SINCE.map(([label, since]): Case => [
    `since as ${label}`,
    () => ({ method: 'GET', path: `${API}${path}?since=${since()}`, token: owner.session }),
  ]);
}

/** Cases for an endpoint without path parameters: wrong methods, near-miss paths, bad tokens. */
function fixedPathCases(method: string, path: string, token: () => string | undefined): Case[] {
  const request = (suffix: string, extra: Partial<RawRequest> = {}): RawRequest => {
    const value = token();
    return { method, path: `${API}${path}${suffix}`, ...(value ? { token: value } : {}), ...extra };
  };
  return [
    ...METHODS.filter((other) => other !== method).map((other): Case => [
      `${other} instead of ${method}`,
      () => request('', { method: other }),
    ]),
    ['a trailing slash', () => request('/')],
    ['an extra segment', () => request('/extra')],
    ['an extra unknown id', () => request(`/${UNKNOWN_ID}`)],
    ['a traversal tail', () => request('/..%2F..%2Fhealth')],
    ['a null byte', () => request('%00')],
    ['a file extension', () => request('.json')],
    ['a semicolon tail', () => request(';drop')],
    ['a script tag tail', () => request(`/${enc('<script>alert(1)</script>')}`)],
    ['an emoji tail', () => request(`/${enc('😀')}`)],
    ['a huge tail', () => request(`/${'x'.repeat(50_000)}`)],
    ['capital letters', () => ({ ...request(''), path: `${API}${path.toUpperCase()}` })],
  ];
}

let t: TestContext;
let owner: RegisteredUser & { session: string };
let other: RegisteredUser & { session: string };
/** Not verified yet, so a code can be mailed to them. */
let newcomer: RegisteredUser & { session: string };
let ownerServiceId: string;
let rentPostId: string;
let requestId: string;
let conversationId: string;
let alertId: string;

const endpoints: Endpoint[] = [
  idEndpoint({
    method: 'GET',
    prefix: '/user/find-info',
    realId: () => owner.id,
    token: () => owner.session,
    visitors: true,
  }),
  idEndpoint({
    method: 'GET',
    prefix: '/user/professional-details',
    realId: () => owner.id,
    token: () => owner.session,
    visitors: true,
  }),
  idEndpoint({
    method: 'POST',
    prefix: '/user/sign-in-token',
    realId: () => owner.id,
    token: () => owner.idToken,
    rateLimited: true,
  }),
  idEndpoint({
    method: 'PATCH',
    prefix: '/user/generate-otp',
    realId: () => owner.id,
    token: () => owner.session,
    rateLimited: true,
  }),
  idEndpoint({
    method: 'GET',
    prefix: '/rent/view-details',
    realId: () => rentPostId,
    token: () => owner.session,
    visitors: true,
  }),
  idEndpoint({
    method: 'DELETE',
    prefix: '/rent/delete',
    realId: () => rentPostId,
    token: () => owner.session,
  }),
  idEndpoint({
    method: 'GET',
    prefix: '/profession/view-details',
    realId: () => ownerServiceId,
    token: () => owner.session,
    visitors: true,
  }),
  // The body endpoints of bad-input.test.ts, here with a valid body and a bad path.
  idEndpoint({
    method: 'POST',
    prefix: '/user/validate-otp',
    realId: () => owner.id,
    token: () => owner.session,
    body: () => ({ otp: '123456' }),
    rateLimited: true,
  }),
  idEndpoint({
    method: 'PATCH',
    prefix: '/user/update-details',
    realId: () => owner.id,
    token: () => owner.session,
    body: () => ({
      name: 'Rahim Chowdhury',
      email: owner.email,
      phoneNumber: '+880 1711-000000',
      gender: 'Male',
      nationality: 'Bangladeshi',
      occupation: 'Plumber',
      dateOfBirth: '1990-05-17',
      address: { street: 'House 7, Road 2, Mirpur 10', city: 'Dhaka', postalCode: '1216' },
    }),
  }),
  idEndpoint({
    method: 'POST',
    prefix: '/profession/create-profile',
    realId: () => other.id,
    token: () => other.session,
    body: validService,
  }),
  idEndpoint({
    method: 'PATCH',
    prefix: '/profession/update-profile',
    realId: () => ownerServiceId,
    token: () => owner.session,
    body: () => ({ ...validService(), status: 'active' }),
  }),
  idEndpoint({
    method: 'POST',
    prefix: '/profession/add-feedback',
    realId: () => ownerServiceId,
    token: () => other.session,
    body: () => ({ rating: 4, feedback: 'Arrived on time and fixed the fan.' }),
  }),
  // Saved listings (issue 21): `other` saves the service through the bad requests (none may store it) and has the
  // rent ad saved already (none may remove it).
  idEndpoint({
    method: 'PUT',
    prefix: '/saved/service',
    realId: () => ownerServiceId,
    token: () => other.session,
    siblingMethods: ['DELETE'],
  }),
  // Requests (issue 41): `other` cancels its own request through the bad requests; none may touch it.
  idEndpoint({
    method: 'PATCH',
    prefix: '/requests',
    realId: () => requestId,
    token: () => other.session,
    body: () => ({ action: 'cancel' }),
  }),
  // Conversations (issue 42): `other` started one about the owner's rent ad; a bad id or token reads nothing of it.
  idEndpoint({
    method: 'GET',
    prefix: '/conversations',
    realId: () => conversationId,
    token: () => other.session,
  }),
  // Alerts (issue 43): `other` keeps one; a bad id or token deletes nothing.
  idEndpoint({
    method: 'DELETE',
    prefix: '/alerts',
    realId: () => alertId,
    token: () => other.session,
  }),
  {
    name: 'GET /conversations/{id}/messages?since=',
    cases: BAD_SINCE.filter(
      // A message's seq is no time: a large one is a well-formed cursor that nothing follows yet.
      ([label]) => label !== 'a cursor two days ahead' && label !== 'the year 9999',
    ).map(([label, since]): Case => [
      `since as ${label}`,
      () => ({
        method: 'GET',
        path: `${API}/conversations/${conversationId}/messages?since=${since()}`,
        token: owner.session,
      }),
    ]),
  },
  idEndpoint({
    method: 'DELETE',
    prefix: '/saved/rent',
    realId: () => rentPostId,
    token: () => other.session,
    siblingMethods: ['PUT'],
    unknownIdIsNoChange: true,
  }),
  {
    name: 'PUT and DELETE /saved/{kind}/{id} with a bad kind',
    cases: (['PUT', 'DELETE'] as const).flatMap((method) =>
      (
        [
          ['an unknown kind', 'review'],
          ['a person as kind', 'user'],
          ['a plural kind', 'rents'],
          ['a kind in capitals', 'RENT'],
          ['a capitalised kind', 'Service'],
          ['a prototype name', '__proto__'],
          ['another prototype name', 'constructor'],
          ['a kind with a null byte', 'rent%00'],
          ['a kind with a trailing space', 'rent%20'],
          ['a kind with a semicolon', 'rent;'],
          ['an SQL-looking kind', enc(SQL)],
          ['a script tag kind', enc('<script>alert(1)</script>')],
          ['an emoji kind', enc('😀')],
          ['a Bangla kind', enc('ভাড়া')],
          ['a huge kind', 'x'.repeat(50_000)],
          ['a huge random kind', HUGE_RANDOM],
          ['a traversal kind', '..%2Frent'],
          ['a double-encoded kind', '%2572ent'],
          ['a broken percent-encoding', '%E0%A4%A'],
          ['a query-operator object', enc('{"$ne":null}')],
          ['a kind as a number', '1'],
        ] as const
      ).map(([label, kind]): Case => [
        `${method} with ${label}`,
        () => ({ method, path: `${API}/saved/${kind}/${rentPostId}`, token: other.session }),
      ]),
    ),
  },
  {
    name: 'PUT /saved/{kind}/{id} with a body too large or a path too short or long',
    cases: [
      [
        'a JSON body over the limit',
        () => ({
          method: 'PUT',
          path: `${API}/saved/service/${ownerServiceId}`,
          token: other.session,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ saved: true, padding: 'x'.repeat(1_100_000) }),
        }),
      ],
      [
        'a raw body over the limit',
        () => ({
          method: 'PUT',
          path: `${API}/saved/service/${ownerServiceId}`,
          token: other.session,
          headers: { 'content-type': 'application/octet-stream' },
          body: new Uint8Array(randomBytes(1_100_000)),
        }),
      ],
      ['no id', () => ({ method: 'PUT', path: `${API}/saved/service`, token: other.session })],
      ['no id, a trailing slash', () => ({ method: 'PUT', path: `${API}/saved/service/`, token: other.session })],
      ['no kind', () => ({ method: 'PUT', path: `${API}/saved//${ownerServiceId}`, token: other.session })],
      [
        'an extra segment',
        () => ({ method: 'PUT', path: `${API}/saved/service/${ownerServiceId}/extra`, token: other.session }),
      ],
      [
        'the kind and id swapped',
        () => ({ method: 'PUT', path: `${API}/saved/${ownerServiceId}/service`, token: other.session }),
      ],
      [
        'a rent ad saved as a service',
        () => ({ method: 'PUT', path: `${API}/saved/service/${rentPostId}`, token: other.session }),
      ],
      [
        'a person saved as a service',
        () => ({ method: 'PUT', path: `${API}/saved/service/${owner.id}`, token: other.session }),
      ],
      [
        'a Firebase token instead of a session',
        () => ({ method: 'PUT', path: `${API}/saved/service/${ownerServiceId}`, token: other.idToken }),
      ],
    ],
  },
  {
    name: 'GET /saved',
    cases: [
      ...fixedPathCases('GET', '/saved', () => other.session),
      ...BAD_TOKENS.map(([label, headers]): Case => [
        label,
        () => ({ method: 'GET', path: `${API}/saved`, headers: headers(other.session) }),
      ]),
    ],
  },
  {
    name: 'GET /rent/rent-posts',
    cases: [...sinceCases('/rent/rent-posts'), ...fixedPathCases('GET', '/rent/rent-posts', () => owner.session)],
  },
  {
    name: 'GET /profession/find-services/{category}',
    cases: [
      ...(
        [
          ['an unknown category', 'astronaut'],
          ['an empty category', ''],
          ['a category with a typo', 'electricianx'],
          ['a plural category', 'plumbers'],
          ['a category with a null byte', 'maid%00'],
          ['a category with a semicolon', 'maid;drop'],
          ['a category and an extra segment', 'maid/extra'],
          ['an SQL-looking category', enc(SQL)],
          ['a script tag category', enc('<script>alert(1)</script>')],
          ['an emoji category', enc('😀')],
          ['a right-to-left category', enc('\u202Ediam')],
          ['a Bangla category', enc('কাজের লোক')],
          ['a huge category', 'x'.repeat(50_000)],
          ['a huge random category', HUGE_RANDOM],
          ['a traversal category', '..%2F..%2Fuser%2Fsign-out'],
          ['a double-encoded category', 'home%252Dshifter'],
          ['a broken percent-encoding', '%E0%A4%A'],
          ['a query-operator object', enc('{"$ne":null}')],
          ['a regular-expression category', enc('.*')],
          ['a wildcard category', '*'],
          ['a category as a number', '3'],
        ] as const
      ).map(([label, category]): Case => [
        label,
        () => ({ method: 'GET', path: `${API}/profession/find-services/${category}`, token: owner.session }),
      ]),
      ...sinceCases('/profession/find-services/maid'),
      ...METHODS.filter((method) => method !== 'GET').map((method): Case => [
        `${method} instead of GET`,
        () => ({ method, path: `${API}/profession/find-services/maid`, token: owner.session }),
      ]),
      // No token at all is a visitor's request (issue 40), not bad input.
      ...BAD_TOKENS.filter(([label]) => label !== 'no token').map(([label, headers]): Case => [
        label,
        () => ({ method: 'GET', path: `${API}/profession/find-services/maid`, headers: headers(owner.session) }),
      ]),
    ],
  },
  {
    name: 'POST /user/sign-out',
    cases: [
      ...fixedPathCases('POST', '/user/sign-out', () => owner.session),
      ...BAD_TOKENS.map(([label, headers]): Case => [
        label,
        () => ({ method: 'POST', path: `${API}/user/sign-out`, headers: headers(owner.session) }),
      ]),
      [
        'a Firebase token instead of a session',
        () => ({ method: 'POST', path: `${API}/user/sign-out`, token: owner.idToken }),
      ],
    ],
  },
  { name: 'GET /market/price-ranges', cases: fixedPathCases('GET', '/market/price-ranges', () => undefined) },
  { name: 'GET /health', cases: fixedPathCases('GET', '/health', () => undefined) },
  { name: 'GET /config', cases: fixedPathCases('GET', '/config', () => undefined) },
  {
    name: 'GET /uploads/{key}',
    cases: (
      [
        ['an unknown photo', `rent/${UNKNOWN_ID}.webp`],
        ['path traversal', '..%2F..%2Fpackage.json'],
        ['encoded dot segments', '%2e%2e/%2e%2e/package.json'],
        ['traversal inside a folder', 'rent/..%2F..%2F..%2Fpackage.json'],
        ['backslash traversal', 'rent\\..\\..\\package.json'],
        ['double percent-encoding', '%252e%252e%252fpackage.json'],
        ['a null byte', `rent/${UNKNOWN_ID}.webp%00.png`],
        ['an absolute path', '%2Fetc%2Fpasswd'],
        ['a script tag', enc('<script>alert(1)</script>')],
        ['an SQL-looking key', enc(SQL)],
        ['emoji', enc('😀.webp')],
        ['a huge key', 'x'.repeat(50_000)],
        ['a huge random key', HUGE_RANDOM],
        ['an empty key', ''],
      ] as const
    ).map(([label, key]): Case => [label, () => ({ method: 'GET', path: `/uploads/${key}` })]),
  },
  {
    name: 'unknown API paths',
    cases: (
      [
        ['an unknown endpoint', 'GET', '/user/delete-everything'],
        ['the API root', 'GET', ''],
        ['an unknown version', 'GET', '/../v2/rent/rent-posts'],
        ['an admin-looking path', 'GET', '/admin'],
        ['an SQL-looking path', 'GET', `/${enc(SQL)}`],
        ['a script tag path', 'POST', `/${enc('<script>alert(1)</script>')}`],
        ['an encoded traversal', 'GET', '/rent/..%2F..%2F..%2Fetc%2Fpasswd'],
        ['a huge path', 'GET', `/${'x'.repeat(50_000)}`],
        ['an emoji path', 'DELETE', `/${enc('😀')}`],
        ['a right-to-left path', 'GET', `/${enc('\u202Etsop-tner')}`],
      ] as const
    ).map(([label, method, path]): Case => [label, () => ({ method, path: `${API}${path}` })]),
  },
];

beforeAll(async () => {
  t = await createTestContext();
  const ownerUser = await registerUser(t, 'params-owner');
  const otherUser = await registerUser(t, 'params-other');
  owner = { ...ownerUser, session: await signIn(t, ownerUser) };
  other = { ...otherUser, session: await signIn(t, otherUser) };
  const newcomerUser = await registerUser(t, 'params-newcomer', { verified: false });
  newcomer = { ...newcomerUser, session: await signIn(t, newcomerUser) };

  ownerServiceId = (await createdService(t, { id: owner.id, token: owner.session }, validService()))._id;
  rentPostId = (await createdRentAd(t, owner.session))._id;
  await t.request('PUT', `${API}/saved/rent/${rentPostId}`, { token: other.session });
  requestId = await askForJob();
  const conversation = await t.request<{ _id: string }>('POST', `${API}/conversations`, {
    token: other.session,
    json: { listingKind: 'rent', listingId: rentPostId },
  });
  conversationId = conversation.body.data!._id;
  const alert = await t.request<{ _id: string }>('POST', `${API}/alerts`, {
    token: other.session,
    json: { kind: 'rent', filters: { placeId: 'ds-47' }, frequency: 'daily' },
  });
  alertId = alert.body.data!._id;
});

/** A request by `other` for the owner's service (issue 41), for tomorrow in Dhaka by the test's clock. */
async function askForJob(): Promise<string> {
  const tomorrow = new Date(t.clock.now().getTime() + 30 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const asked = await t.request<{ _id: string }>('POST', `${API}/requests`, {
    token: other.session,
    json: {
      kind: 'service',
      listingId: ownerServiceId,
      date: tomorrow,
      timeOfDay: 'morning',
      placeId: 'ar-uttara',
      note: 'The ceiling fan hums and stops.',
    },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return asked.body.data!._id;
}
afterAll(() => t.close());

let casesTried = 0;

async function send(request: RawRequest) {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  return t.request(request.method, request.path, { headers, ...(request.body ? { body: request.body } : {}) });
}

describe('bad input in paths, queries and bodiless endpoints', () => {
  it('starts from a real service and a real rent ad, the ad saved by the other person', async () => {
    expect(ownerServiceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rentPostId).toMatch(/^[0-9a-f-]{36}$/);
    const saved = await t.request<{ kind: string; id: string }[]>('GET', `${API}/saved`, { token: other.session });
    expect(saved.body.data?.map(({ kind, id }) => `${kind}:${id}`)).toEqual([`rent:${rentPostId}`]);
  });

  for (const endpoint of endpoints) {
    describe(endpoint.name, () => {
      it.each(endpoint.cases)('refuses %s with a 4xx JSON message and changes nothing', async (_label, make) => {
        if (endpoint.rateLimited) t.clock.advance(11 * 60 * 1000);
        const before = await databaseSnapshot(t.db);
        const request = make();
        // t.request throws on an answer that is not JSON.
        const response = await send(request);
        casesTried += 1;
        expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(400);
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
        expect(response.body.success).toBe(false);
        expect(typeof response.body.message).toBe('string');
        expect(response.body.message.length).toBeGreaterThan(0);
        expect(await databaseSnapshot(t.db)).toBe(before);
      });
    });
  }

  it('answers 404 for well-formed unknown ids', async () => {
    for (const path of [
      `/user/find-info/${UNKNOWN_ID}`,
      `/user/professional-details/${UNKNOWN_ID}`,
      `/rent/view-details/${UNKNOWN_ID}`,
      `/profession/view-details/${UNKNOWN_ID}`,
      '/profession/find-services/astronaut',
    ]) {
      const response = await t.request('GET', `${API}${path}`, { token: owner.session });
      expect(response.status, path).toBe(404);
    }
    const deletion = await t.request('DELETE', `${API}/rent/delete/${UNKNOWN_ID}`, { token: owner.session });
    expect(deletion.status).toBe(404);
    for (const kind of ['rent', 'service']) {
      const save = await t.request('PUT', `${API}/saved/${kind}/${UNKNOWN_ID}`, { token: other.session });
      expect(save.status, kind).toBe(404);
    }
  });

  // An idempotent delete: what names nothing is already unsaved. It answers 204 with no body and changes nothing.
  it.each(WELL_FORMED_UNKNOWN_IDS.map((label) => [label, BAD_IDS.find(([name]) => name === label)![1]] as const))(
    'answers DELETE /saved/rent/{%s} 204 and changes nothing',
    async (_label, id) => {
      const before = await databaseSnapshot(t.db);
      const response = await t.app.request(`${API}/saved/rent/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${other.session}` },
      });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      expect(await databaseSnapshot(t.db)).toBe(before);
    },
  );

  // The controls: the same requests, well formed, are accepted, so each refusal above was caused by its change.
  it.each<[string, string, () => string, () => string]>([
    ['find-info', 'GET', () => `/user/find-info/${owner.id}`, () => owner.session],
    ['professional-details', 'GET', () => `/user/professional-details/${owner.id}`, () => owner.session],
    ['rent view-details', 'GET', () => `/rent/view-details/${rentPostId}`, () => owner.session],
    ['profession view-details', 'GET', () => `/profession/view-details/${ownerServiceId}`, () => owner.session],
    ['rent-posts', 'GET', () => '/rent/rent-posts', () => owner.session],
    ['rent-posts since 0', 'GET', () => '/rent/rent-posts?since=0', () => owner.session],
    ['find-services', 'GET', () => '/profession/find-services/maid', () => owner.session],
    ['find-services since 0', 'GET', () => '/profession/find-services/home-shifter?since=0', () => owner.session],
    ['price-ranges', 'GET', () => '/market/price-ranges', () => ''],
    ['health', 'GET', () => '/health', () => ''],
    ['config', 'GET', () => '/config', () => ''],
    ['sign-in-token', 'POST', () => `/user/sign-in-token/${owner.id}`, () => owner.idToken],
    ['generate-otp', 'PATCH', () => `/user/generate-otp/${newcomer.id}`, () => newcomer.session],
    ['rent delete', 'DELETE', () => `/rent/delete/${rentPostId}`, () => owner.session],
    ['saved list', 'GET', () => '/saved', () => other.session],
    ['my requests', 'GET', () => '/requests?as=customer', () => other.session],
    ['a conversation', 'GET', () => `/conversations/${conversationId}`, () => other.session],
    ['its messages since 0', 'GET', () => `/conversations/${conversationId}/messages?since=0`, () => owner.session],
    ['save', 'PUT', () => `/saved/service/${ownerServiceId}`, () => other.session],
    ['sign-out', 'POST', () => '/user/sign-out', () => owner.session],
  ])('accepts the well-formed %s request', async (_name, method, path, token) => {
    t.clock.advance(11 * 60 * 1000);
    const value = token();
    const response = await t.request(method, `${API}${path()}`, value ? { token: value } : {});
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  });

  it('accepts the well-formed answer to a request', async () => {
    // A fresh request: the clock moved on by days through the cases above, past the first one's 48 hours.
    await t.request('PATCH', `${API}/requests/${requestId}`, { token: other.session, json: { action: 'cancel' } });
    const fresh = await askForJob();
    const response = await t.request('PATCH', `${API}/requests/${fresh}`, {
      token: other.session,
      json: { action: 'cancel' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });

  it('accepts the well-formed unsave request, with 204 and no body', async () => {
    const response = await t.app.request(`${API}/saved/rent/${rentPostId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${other.session}` },
    });
    expect(response.status).toBe(204);
    const saved = await t.request<{ id: string }[]>('GET', `${API}/saved`, { token: other.session });
    expect(saved.body.data?.map(({ id }) => id)).toEqual([ownerServiceId]);
  });

  it('tried at least 10 cases per endpoint and 300 in all', () => {
    for (const endpoint of endpoints) expect(endpoint.cases.length, endpoint.name).toBeGreaterThanOrEqual(10);
    expect(casesTried).toBe(endpoints.reduce((sum, endpoint) => sum + endpoint.cases.length, 0));
    expect(casesTried).toBeGreaterThanOrEqual(300);
  });
});
