import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { insertRentPost } from '../rent/rent-posts';
import { RENT_AD_INPUT } from '../test/rows';
import { createTestContext, registerUser, signIn, type RegisteredUser, type TestContext } from '../test/test-app';
import { validService } from './bad-input-support';

/**
 * The "Who sees what" table of docs/security.md, cell by cell: every field of a person against a visitor
 * without an account, another signed-in person and the person themselves, as GET /user/find-info answers it;
 * then every other answer that names a person is searched for the private fields, and the phone number is
 * found only where its owner published it (their rent ads and services).
 */

type Viewer = 'visitor' | 'signed-in person' | 'owner';

/** Field (dot path of the find-info answer) -> who sees it. Keep in step with docs/security.md. */
const WHO_SEES_WHAT: Record<string, Viewer[]> = {
  _id: ['signed-in person', 'owner'],
  name: ['signed-in person', 'owner'],
  profileImage: ['signed-in person', 'owner'],
  occupation: ['signed-in person', 'owner'],
  'address.city': ['signed-in person', 'owner'],
  isVerified: ['signed-in person', 'owner'],
  phoneVerified: ['signed-in person', 'owner'],
  createdAt: ['signed-in person', 'owner'],
  'socialMedia.facebook': ['signed-in person', 'owner'],
  email: ['owner'],
  phoneNumber: ['owner'],
  dateOfBirth: ['owner'],
  gender: ['owner'],
  nationality: ['owner'],
  'address.street': ['owner'],
  'address.postalCode': ['owner'],
  nid: ['owner'],
  status: ['owner'],
};
const VIEWERS: Viewer[] = ['visitor', 'signed-in person', 'owner'];

let t: TestContext;
let owner: RegisteredUser & { session: string };
let stranger: RegisteredUser & { session: string };
const answers = new Map<Viewer, { status: number; data: unknown }>();

const PROFILE_PHONE = '+880 1711-000000'; // newUserPayload's
const PUBLISHED_AD_PHONE = '+880 1819-555444'; // as stored since issue 20 (one form)
const PUBLISHED_SERVICE_PHONE = '+880 1912-333222';

function valueAt(data: unknown, path: string): unknown {
  let current = data;
  for (const key of path.split('.')) {
    if (!current || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

beforeAll(async () => {
  t = await createTestContext();
  const ownerUser = await registerUser(t, 'seen');
  const strangerUser = await registerUser(t, 'looker');
  owner = { ...ownerUser, session: await signIn(t, ownerUser) };
  stranger = { ...strangerUser, session: await signIn(t, strangerUser) };
  await t.db.update(users).set({ isVerified: true }).where(eq(users.id, owner.id));

  const path = `/api/v1/user/find-info/${owner.id}`;
  for (const [viewer, token] of [
    ['visitor', undefined],
    ['signed-in person', stranger.session],
    ['owner', owner.session],
  ] as const) {
    const answer = await t.request('GET', path, token ? { token } : {});
    answers.set(viewer, { status: answer.status, data: answer.body.data });
  }
});
afterAll(() => t.close());

describe('who sees what of a person (GET /user/find-info)', () => {
  it('answers a visitor 404 for someone who offers no service, and the others 200', () => {
    expect(answers.get('visitor')?.status).toBe(404);
    expect(answers.get('signed-in person')?.status).toBe(200);
    expect(answers.get('owner')?.status).toBe(200);
  });

  const cells = Object.entries(WHO_SEES_WHAT).flatMap(([field, seenBy]) =>
    VIEWERS.map((viewer) => [field, viewer, seenBy.includes(viewer)] as const),
  );
  it.each(cells)('%s, to a %s: shown %s', (field, viewer, shown) => {
    const value = valueAt(answers.get(viewer)?.data, field);
    if (shown) expect(value, `${field} for ${viewer}`).not.toBeUndefined();
    else expect(value, `${field} for ${viewer}`).toBeUndefined();
  });

  it('tells others nothing the table does not name', () => {
    const publicFields = Object.entries(WHO_SEES_WHAT)
      .filter(([, seenBy]) => seenBy.includes('signed-in person'))
      .map(([field]) => field.split('.')[0]);
    expect(Object.keys(answers.get('signed-in person')?.data ?? {}).sort()).toEqual([...new Set(publicFields)].sort());
  });
});

describe('a phone number is public only where its owner published it', () => {
  let adId: string;
  let serviceId: string;
  beforeAll(async () => {
    const ad = await insertRentPost(t.db, owner.id, { ...RENT_AD_INPUT, contactInfo: PUBLISHED_AD_PHONE }, [], {
      now: t.clock.now(),
    });
    adId = ad.id;
    const service = await t.request<{ _id: string }>('POST', `/api/v1/profession/create-profile/${owner.id}`, {
      token: owner.session,
      json: { ...validService(), contactNumber: PUBLISHED_SERVICE_PHONE },
    });
    expect(service.status, JSON.stringify(service.body)).toBe(201);
    serviceId = service.body.data?._id ?? '';
  });

  it("gives a visitor a provider's public profile, as a signed-in person gets it (issue 40)", async () => {
    const path = `/api/v1/user/find-info/${owner.id}`;
    const visitor = await t.request('GET', path);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toEqual((await t.request('GET', path, { token: stranger.session })).body.data);
  });

  it('closes the profile to visitors while the service is deactivated, and opens it again with the service', async () => {
    const path = `/api/v1/user/find-info/${owner.id}`;
    const setStatus = (status: 'active' | 'inactive') =>
      t.request('PATCH', `/api/v1/profession/update-profile/${serviceId}`, {
        token: owner.session,
        json: { ...validService(), contactNumber: PUBLISHED_SERVICE_PHONE, status },
      });
    expect((await setStatus('inactive')).status).toBe(200);
    expect((await t.request('GET', path)).status).toBe(404);
    expect((await t.request('GET', path, { token: stranger.session })).status).toBe(200);
    expect((await setStatus('active')).status).toBe(200);
    expect((await t.request('GET', path)).status).toBe(200);
  });

  it('shows the published numbers on the ad and the service, and no private field anywhere', async () => {
    const answersToStranger = await Promise.all(
      [
        `/api/v1/rent/view-details/${adId}`,
        '/api/v1/rent/rent-posts',
        '/api/v1/rent/rent-posts?since=0',
        `/api/v1/profession/view-details/${serviceId}`,
        '/api/v1/profession/find-services/all',
        '/api/v1/profession/find-services/all?since=0',
        `/api/v1/user/professional-details/${owner.id}`,
      ].map(async (path) => JSON.stringify((await t.request('GET', path, { token: stranger.session })).body)),
    );
    const everything = answersToStranger.join('\n');
    expect(everything).toContain(PUBLISHED_AD_PHONE);
    expect(everything).toContain(PUBLISHED_SERVICE_PHONE);
    for (const privateValue of [
      PROFILE_PHONE,
      owner.email,
      '1990-05-17',
      'House 7, Road 2, Mirpur 10',
      '1990123456789',
      owner.uid,
    ]) {
      expect(everything).not.toContain(privateValue);
    }
  });
});

describe('saved listings are each person’s own (GET, PUT and DELETE /saved)', () => {
  let adId: string;
  let saver: RegisteredUser & { session: string };
  beforeAll(async () => {
    const saverUser = await registerUser(t, 'saver');
    saver = { ...saverUser, session: await signIn(t, saverUser) };
    const ad = await insertRentPost(t.db, owner.id, { ...RENT_AD_INPUT, contactInfo: PUBLISHED_AD_PHONE }, [], {
      now: t.clock.now(),
    });
    adId = ad.id;
    const saved = await t.request('PUT', `/api/v1/saved/rent/${adId}`, { token: saver.session });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('answers a visitor 401 on every method, and changes nothing', async () => {
    expect((await t.request('GET', '/api/v1/saved')).status).toBe(401);
    expect((await t.request('PUT', `/api/v1/saved/rent/${adId}`)).status).toBe(401);
    expect((await t.request('DELETE', `/api/v1/saved/rent/${adId}`)).status).toBe(401);
    const list = await t.request<{ id: string }[]>('GET', '/api/v1/saved', { token: saver.session });
    expect(list.body.data?.map(({ id }) => id)).toEqual([adId]);
  });

  it('never shows one person’s list to another: not in their own list, not with the ad, not with its owner', async () => {
    const strangerList = await t.request<unknown[]>('GET', '/api/v1/saved', { token: stranger.session });
    expect(strangerList.status).toBe(200);
    expect(strangerList.body.data).toEqual([]);
    const ownerList = await t.request<unknown[]>('GET', '/api/v1/saved', { token: owner.session });
    expect(ownerList.body.data).toEqual([]);
    // Nothing about the ad, its list or its owner says who saved it.
    const seen = await Promise.all(
      [
        `/api/v1/rent/view-details/${adId}`,
        '/api/v1/rent/rent-posts',
        '/api/v1/rent/rent-posts?since=0',
        `/api/v1/user/find-info/${owner.id}`,
        `/api/v1/user/professional-details/${owner.id}`,
      ].flatMap((path) =>
        [stranger.session, owner.session].map(async (token) =>
          JSON.stringify((await t.request('GET', path, { token })).body),
        ),
      ),
    );
    for (const answer of seen) expect(answer).not.toContain(saver.id);
  });

  it('lets nobody else unsave it: another person’s DELETE answers for their own list only', async () => {
    const response = await t.app.request(`/api/v1/saved/rent/${adId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${stranger.session}` },
    });
    expect(response.status).toBe(204);
    const list = await t.request<{ id: string }[]>('GET', '/api/v1/saved', { token: saver.session });
    expect(list.body.data?.map(({ id }) => id)).toEqual([adId]);
  });

  it('shows the saver only kind, id and when: no other person’s data', async () => {
    const list = await t.request<Record<string, unknown>[]>('GET', '/api/v1/saved', { token: saver.session });
    expect(list.body.data?.map((entry) => Object.keys(entry).sort())).toEqual([['id', 'kind', 'savedAt']]);
    expect(JSON.stringify(list.body)).not.toContain(owner.id);
  });
});
