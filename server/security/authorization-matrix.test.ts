import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../src/domain/constants';
import { createSession } from '../auth/sessions';
import { createTestContext, registerUser, signIn, type RegisteredUser, type TestContext } from '../test/test-app';
import { createdRentAd, createdService } from '../test/listing-fixtures';

/**
 * The authorization matrix of docs/security.md: every protected endpoint against no token, a malformed
 * token, an expired session, a forged session token (right shape, wrong secret or never issued) and, where
 * the endpoint acts on one person's things, another person's valid token. Each must be refused with 401 or
 * 403 and change nothing. The reads open to visitors answer a request with no token at all, and refuse every
 * bad one as before: a visitor is someone who sends none.
 */

let t: TestContext;
let owner: RegisteredUser & { session: string };
let other: RegisteredUser & { session: string };
let expiredSession: string;
let rentPostId: string;
let serviceId: string;
let requestId: string;
let conversationId: string;
let alertId: string;
let stranger: RegisteredUser & { session: string };

const png1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
function imageForm(field: string): FormData {
  const form = new FormData();
  form.append(field, new File([png1x1], 'photo.png', { type: 'image/png' }));
  return form;
}

interface Endpoint {
  name: string;
  method: string;
  path: () => string;
  body?: () => { json?: unknown; body?: BodyInit };
  /** Which token it needs: a Basha session, a Firebase ID token, or either. */
  auth: 'session' | 'firebase' | 'either';
  /** True when the endpoint acts on the owner's things, so another person's valid token must get 403. */
  ownerOnly: boolean;
  /**
   * A read open to visitors (issue 40): no token at all gets 200 (what it shows is tested in who-sees-what.test.ts),
   * every bad token still 401.
   */
  visitors?: true;
}

const endpoints: Endpoint[] = [
  {
    name: 'create-new',
    method: 'POST',
    path: () => '/api/v1/user/create-new',
    body: () => ({ json: {} }),
    auth: 'firebase',
    ownerOnly: false,
  },
  {
    name: 'find-id',
    method: 'POST',
    path: () => '/api/v1/user/find-id',
    body: () => ({ json: { email: 'a@b.co' } }),
    auth: 'firebase',
    ownerOnly: false,
  },
  {
    name: 'find-info',
    method: 'GET',
    path: () => `/api/v1/user/find-info/${owner.id}`,
    auth: 'session',
    ownerOnly: false,
    // A provider's public profile (the owner offers a service here).
    visitors: true,
  },
  {
    name: 'sign-in-token',
    method: 'POST',
    path: () => `/api/v1/user/sign-in-token/${owner.id}`,
    auth: 'firebase',
    ownerOnly: true,
  },
  {
    name: 'verify-phone',
    method: 'POST',
    path: () => `/api/v1/user/verify-phone/${owner.id}`,
    auth: 'firebase',
    ownerOnly: true,
  },
  { name: 'sign-out', method: 'POST', path: () => '/api/v1/user/sign-out', auth: 'session', ownerOnly: false },
  {
    name: 'sign-out-everywhere',
    method: 'POST',
    path: () => '/api/v1/user/sign-out-everywhere',
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'generate-otp',
    method: 'PATCH',
    path: () => `/api/v1/user/generate-otp/${owner.id}`,
    auth: 'session',
    ownerOnly: true,
  },
  {
    name: 'validate-otp',
    method: 'POST',
    path: () => `/api/v1/user/validate-otp/${owner.id}`,
    body: () => ({ json: { otp: '123456' } }),
    auth: 'session',
    ownerOnly: true,
  },
  {
    name: 'professional-details',
    method: 'GET',
    path: () => `/api/v1/user/professional-details/${owner.id}`,
    auth: 'session',
    ownerOnly: false,
    visitors: true,
  },
  {
    name: 'update-details',
    method: 'PATCH',
    path: () => `/api/v1/user/update-details/${owner.id}`,
    body: () => ({ json: { name: 'Changed Name' } }),
    auth: 'session',
    ownerOnly: true,
  },
  {
    name: 'upload-profile',
    method: 'POST',
    path: () => '/api/v1/image/upload-profile',
    body: () => ({ body: imageForm('profileImage') }),
    auth: 'either',
    ownerOnly: false,
  },
  {
    name: 'upload-properties',
    method: 'POST',
    path: () => '/api/v1/image/upload-properties',
    body: () => ({ body: imageForm('propertyImage') }),
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'upload-services',
    method: 'POST',
    path: () => '/api/v1/image/upload-services',
    body: () => ({ body: imageForm('serviceImages') }),
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'rent-posts',
    method: 'GET',
    path: () => '/api/v1/rent/rent-posts',
    auth: 'session',
    ownerOnly: false,
    visitors: true,
  },
  {
    name: 'rent-posts delta',
    method: 'GET',
    path: () => '/api/v1/rent/rent-posts?since=0',
    auth: 'session',
    ownerOnly: false,
    visitors: true,
  },
  {
    name: 'rent view-details phone',
    method: 'GET',
    path: () => `/api/v1/rent/view-details/${rentPostId}/phone`,
    auth: 'session',
    ownerOnly: false,
    visitors: true,
  },
  {
    name: 'find-services delta',
    method: 'GET',
    path: () => '/api/v1/profession/find-services/all?since=0',
    auth: 'session',
    ownerOnly: false,
    visitors: true,
  },
  {
    name: 'service view-details phone',
    method: 'GET',
    path: () => `/api/v1/profession/view-details/${serviceId}/phone`,
    auth: 'session',
    ownerOnly: false,
    visitors: true,
  },
  {
    name: 'rent view-details',
    method: 'GET',
    path: () => `/api/v1/rent/view-details/${rentPostId}`,
    auth: 'session',
    ownerOnly: false,
    visitors: true,
  },
  {
    name: 'push subscribe',
    method: 'PUT',
    path: () => '/api/v1/push/subscriptions',
    body: () => ({ json: {} }),
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'push unsubscribe',
    method: 'DELETE',
    path: () => '/api/v1/push/subscriptions',
    body: () => ({ json: {} }),
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'rent create',
    method: 'POST',
    path: () => '/api/v1/rent/create',
    body: () => ({ json: {} }),
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'rent update',
    method: 'PATCH',
    path: () => `/api/v1/rent/update/${rentPostId}`,
    body: () => ({ json: {} }),
    auth: 'session',
    ownerOnly: true,
  },
  {
    name: 'rent status',
    method: 'PATCH',
    path: () => `/api/v1/rent/status/${rentPostId}`,
    body: () => ({ json: { status: 'Booked' } }),
    auth: 'session',
    ownerOnly: true,
  },
  {
    name: 'rent my-posts',
    method: 'GET',
    path: () => '/api/v1/rent/my-posts',
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'rent delete',
    method: 'DELETE',
    path: () => `/api/v1/rent/delete/${rentPostId}`,
    auth: 'session',
    ownerOnly: true,
  },
  {
    name: 'create-profile',
    method: 'POST',
    path: () => `/api/v1/profession/create-profile/${owner.id}`,
    body: () => ({ json: {} }),
    auth: 'session',
    ownerOnly: true,
  },
  {
    name: 'find-services',
    method: 'GET',
    path: () => '/api/v1/profession/find-services/all',
    auth: 'session',
    ownerOnly: false,
    visitors: true,
  },
  {
    name: 'service view-details',
    method: 'GET',
    path: () => `/api/v1/profession/view-details/${serviceId}`,
    auth: 'session',
    ownerOnly: false,
    visitors: true,
  },
  {
    name: 'update-profile',
    method: 'PATCH',
    path: () => `/api/v1/profession/update-profile/${serviceId}`,
    body: () => ({ json: { status: 'inactive' } }),
    auth: 'session',
    ownerOnly: true,
  },
  { name: 'saved list', method: 'GET', path: () => '/api/v1/saved', auth: 'session', ownerOnly: false },
  {
    name: 'save',
    method: 'PUT',
    path: () => `/api/v1/saved/rent/${rentPostId}`,
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'unsave',
    method: 'DELETE',
    path: () => `/api/v1/saved/service/${serviceId}`,
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'ask for a job',
    method: 'POST',
    path: () => '/api/v1/requests',
    body: () => ({ json: {} }),
    auth: 'session',
    ownerOnly: false,
  },
  { name: 'event stream', method: 'GET', path: () => '/api/v1/events', auth: 'session', ownerOnly: false },
  { name: 'my requests', method: 'GET', path: () => '/api/v1/requests?as=customer', auth: 'session', ownerOnly: false },
  {
    name: 'requests waiting for my answer',
    method: 'GET',
    path: () => '/api/v1/requests/waiting-count',
    auth: 'session',
    ownerOnly: false,
  },
  {
    // A stranger to the request gets 404 (below), not 403: it is not theirs to know of.
    name: 'answer a request',
    method: 'PATCH',
    path: () => `/api/v1/requests/${requestId}`,
    body: () => ({ json: { action: 'cancel' } }),
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'start a conversation',
    method: 'POST',
    path: () => '/api/v1/conversations',
    body: () => ({ json: {} }),
    auth: 'session',
    ownerOnly: false,
  },
  { name: 'my conversations', method: 'GET', path: () => '/api/v1/conversations', auth: 'session', ownerOnly: false },
  {
    name: 'conversations with something unread',
    method: 'GET',
    path: () => '/api/v1/conversations/unread-count',
    auth: 'session',
    ownerOnly: false,
  },
  // A stranger to a conversation gets 404 from each of these (below), not 403: it is not theirs to know of.
  ...(
    [
      ['a conversation', 'GET', ''],
      ['its messages', 'GET', '/messages?since=0'],
      ['write a message', 'POST', '/messages', { clientId: 'matrix-1', text: 'Hello' }],
      ['mark it read', 'POST', '/read', { upTo: 0 }],
      ['share my number', 'POST', '/share-number'],
      ['block', 'POST', '/block'],
      ['unblock', 'DELETE', '/block'],
    ] as const
  ).map(([name, method, suffix, json]): Endpoint => ({
    name,
    method,
    path: () => `/api/v1/conversations/${conversationId}${suffix}`,
    ...(json ? { body: () => ({ json }) } : {}),
    auth: 'session',
    ownerOnly: false,
  })),
  {
    // A stranger to the request gets 404 (below).
    name: "a request's thread",
    method: 'POST',
    path: () => `/api/v1/conversations/of-request/${requestId}`,
    auth: 'session',
    ownerOnly: false,
  },
  {
    // Moderators only: anyone else's valid token gets 403.
    name: "a reported conversation's messages",
    method: 'GET',
    path: () => `/api/v1/moderation/conversations/${conversationId}/messages`,
    auth: 'session',
    ownerOnly: true,
  },
  {
    name: 'save an alert',
    method: 'POST',
    path: () => '/api/v1/alerts',
    body: () => ({ json: { kind: 'rent', filters: {}, frequency: 'daily' } }),
    auth: 'session',
    ownerOnly: false,
  },
  { name: 'my alerts', method: 'GET', path: () => '/api/v1/alerts', auth: 'session', ownerOnly: false },
  {
    // Another person's alert is 404 (below), not 403: it is not theirs to know of.
    name: 'delete an alert',
    method: 'DELETE',
    path: () => `/api/v1/alerts/${alertId}`,
    auth: 'session',
    ownerOnly: false,
  },
  {
    name: 'add-feedback (own service)',
    method: 'POST',
    path: () => `/api/v1/profession/add-feedback/${serviceId}`,
    body: () => ({ json: { rating: 5, feedback: 'Praising my own work.' } }),
    auth: 'session',
    ownerOnly: false,
  },
];

function call(endpoint: Endpoint, headers: Record<string, string>) {
  return t.request(endpoint.method, endpoint.path(), { ...(endpoint.body?.() ?? {}), headers });
}

beforeAll(async () => {
  t = await createTestContext();
  const ownerUser = await registerUser(t, 'matrix-owner');
  const otherUser = await registerUser(t, 'matrix-other');
  owner = { ...ownerUser, session: await signIn(t, ownerUser) };
  other = { ...otherUser, session: await signIn(t, otherUser) };

  // An owner's rent post and service to aim at.
  const asOwner = { id: owner.id, token: owner.session };
  rentPostId = (await createdRentAd(t, owner.session))._id;
  serviceId = (await createdService(t, asOwner))._id;
  // A request by `other` for the owner's service, and a third person who is neither side of it.
  const asked = await t.request<{ _id: string; servicePlaceIds: string[] }>(
    'GET',
    `/api/v1/profession/view-details/${serviceId}`,
    {
      token: other.session,
    },
  );
  const tomorrow = new Date(t.clock.now().getTime() + 30 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const request = await t.request<{ _id: string }>('POST', '/api/v1/requests', {
    token: other.session,
    json: {
      kind: 'service',
      listingId: serviceId,
      date: tomorrow,
      timeOfDay: 'morning',
      placeId: asked.body.data?.servicePlaceIds[0],
      note: 'Please come and fix the sink.',
    },
  });
  requestId = request.body.data!._id;
  // A conversation `other` started about the owner's rent ad.
  const conversation = await t.request<{ _id: string }>('POST', '/api/v1/conversations', {
    token: other.session,
    json: { listingKind: 'rent', listingId: rentPostId },
  });
  conversationId = conversation.body.data!._id;
  // An alert of the owner's.
  const alert = await t.request<{ _id: string }>('POST', '/api/v1/alerts', {
    token: owner.session,
    json: { kind: 'service', filters: { category: 'Plumber' }, frequency: 'instant' },
  });
  alertId = alert.body.data!._id;
  const strangerUser = await registerUser(t, 'matrix-stranger');
  stranger = { ...strangerUser, session: await signIn(t, strangerUser) };

  // A session that has run out: issued 15 days before now.
  const issued = new Date(t.clock.now().getTime() - SESSION_LIFETIME_MS - 86_400_000);
  expiredSession = await createSession(t.db, t.config.sessionSecret, { userId: owner.id, signedInAt: issued }, issued);
});
afterAll(() => t.close());

describe('the authorization matrix', () => {
  it('has an owner post and service to aim at', () => {
    expect(rentPostId).toMatch(/[0-9a-f-]{36}/);
    expect(serviceId).toMatch(/[0-9a-f-]{36}/);
  });

  const refusals: [string, () => Record<string, string>][] = [
    ['no token', () => ({})],
    ['a malformed token', () => ({ Authorization: 'Bearer not a token!' })],
    ['a non-Bearer scheme', () => ({ Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` })],
    ['an expired session', () => ({ Authorization: `Bearer ${expiredSession}` })],
    ['a forged session token', () => ({ Authorization: `Bearer bs_${randomBytes(32).toString('base64url')}` })],
    [
      'a forged Firebase-shaped token',
      () => ({ Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmVk' }),
    ],
  ];

  for (const endpoint of endpoints) {
    if (endpoint.visitors) {
      it(`${endpoint.method} ${endpoint.name} answers a visitor, who sends no token, with 200`, async () => {
        const response = await call(endpoint, {});
        expect(response.status).toBe(200);
      });
    }
    for (const [label, headers] of refusals) {
      if (endpoint.visitors && label === 'no token') continue;
      it(`${endpoint.method} ${endpoint.name} refuses ${label} with 401`, async () => {
        const response = await call(endpoint, headers());
        expect(response.status).toBe(401);
        expect(response.body.success).toBe(false);
      });
    }
    if (endpoint.ownerOnly) {
      it(`${endpoint.method} ${endpoint.name} refuses another person's valid token with 403`, async () => {
        const token = endpoint.auth === 'firebase' ? other.idToken : other.session;
        const response = await call(endpoint, { Authorization: `Bearer ${token}` });
        expect(response.status).toBe(403);
      });
    }
  }

  it("refuses a review of one's own service with 403", async () => {
    const ownReview = endpoints.find((endpoint) => endpoint.name === 'add-feedback (own service)')!;
    const response = await call(ownReview, { Authorization: `Bearer ${owner.session}` });
    expect(response.status).toBe(403);
  });

  it('answers a stranger to a request 404, lists none of it to them, and leaves it as it was', async () => {
    const answer = await t.request('PATCH', `/api/v1/requests/${requestId}`, {
      token: stranger.session,
      json: { action: 'cancel' },
    });
    expect(answer.status).toBe(404);
    for (const as of ['customer', 'owner']) {
      const list = await t.request<{ _id: string }[]>('GET', `/api/v1/requests?as=${as}`, { token: stranger.session });
      expect(list.body.data).toEqual([]);
    }
    const mine = await t.request<{ _id: string; status: string }[]>('GET', '/api/v1/requests?as=owner', {
      token: owner.session,
    });
    expect(mine.body.data?.map((request) => [request._id, request.status])).toEqual([[requestId, 'requested']]);
  });

  it('answers a stranger to a conversation 404 on every route, lists none of it to them, and leaves it as it was', async () => {
    for (const endpoint of endpoints.filter((one) =>
      one.path().startsWith(`/api/v1/conversations/${conversationId}`),
    )) {
      const answer = await call(endpoint, { Authorization: `Bearer ${stranger.session}` });
      expect([endpoint.name, answer.status]).toEqual([endpoint.name, 404]);
    }
    const thread = await t.request('POST', `/api/v1/conversations/of-request/${requestId}`, {
      token: stranger.session,
    });
    expect(thread.status).toBe(404);
    const list = await t.request<{ _id: string }[]>('GET', '/api/v1/conversations', { token: stranger.session });
    expect(list.body.data).toEqual([]);
    const theirs = await t.request<{ lastMessage: unknown; blockedByMe: boolean; sharedMyNumber: boolean }>(
      'GET',
      `/api/v1/conversations/${conversationId}`,
      { token: owner.session },
    );
    expect(theirs.body.data).toMatchObject({ lastMessage: null, blockedByMe: false, sharedMyNumber: false });
  });

  it("answers another person's DELETE of an alert 404, lists none of it to them, and leaves it as it was", async () => {
    const answer = await t.request('DELETE', `/api/v1/alerts/${alertId}`, { token: stranger.session });
    expect(answer.status).toBe(404);
    const theirs = await t.request<{ _id: string }[]>('GET', '/api/v1/alerts', { token: stranger.session });
    expect(theirs.body.data).toEqual([]);
    const mine = await t.request<{ _id: string }[]>('GET', '/api/v1/alerts', { token: owner.session });
    expect(mine.body.data?.map((one) => one._id)).toEqual([alertId]);
  });

  it('left the owner’s post and service as they were', async () => {
    const post = await t.request('GET', `/api/v1/rent/view-details/${rentPostId}`, { token: owner.session });
    expect(post.status).toBe(200);
    const service = await t.request<{ status: string }>('GET', `/api/v1/profession/view-details/${serviceId}`, {
      token: owner.session,
    });
    expect(service.body.data?.status).toBe('active');
    const me = await t.request<{ name: string }>('GET', `/api/v1/user/find-info/${owner.id}`, { token: owner.session });
    expect(me.body.data?.name).not.toBe('Changed Name');
  });
});
