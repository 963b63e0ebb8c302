import { describe, expect, it } from 'vitest';
import type { ServiceRecord } from '../../src/domain/service';
import { anOffer } from '../../src/domain/service-test-data';
import { insertRentPost } from '../rent/rent-posts';
import { RENT_AD_INPUT } from '../test/rows';
import { registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';
import { etagMatches, REVALIDATE_PRIVATE } from './etag';

/**
 * ETag and 304 on details and whole lists (server/http/etag.ts): a phone that holds the answer gets an empty 304;
 * the answers are private to signed-in people, so no shared cache may keep them and a revalidation without a
 * session is refused like any request.
 */

const ctx = testContextForFile();

function get(path: string, headers: Record<string, string>) {
  return ctx.app.request(path, { headers });
}

/** The first answer's ETag and headers, then the same request with If-None-Match. */
async function revalidate(path: string, user: SignedInUser, extra: Record<string, string> = {}) {
  const auth = { authorization: `Bearer ${user.token}`, ...extra };
  const first = await get(path, auth);
  await first.arrayBuffer();
  expect(first.status).toBe(200);
  const etag = first.headers.get('ETag') ?? '';
  expect(etag).toMatch(/^W\/".+"$/);
  expect(first.headers.get('Cache-Control')).toBe(REVALIDATE_PRIVATE);
  expect(first.headers.get('Vary')).toContain('Authorization');
  const second = await get(path, { ...auth, 'if-none-match': etag });
  return { etag, first, second };
}

async function postedAd(user: SignedInUser) {
  return insertRentPost(ctx.db, user.id, RENT_AD_INPUT, [], { now: ctx.clock.now() });
}

describe('rent details and the rent list', () => {
  it('answer 304 without a body to a client holding the same answer', async () => {
    const poster = await registerSignedIn(ctx, 'etag-poster');
    const viewer = await registerSignedIn(ctx, 'etag-viewer');
    const post = await postedAd(poster);
    for (const path of [`/api/v1/rent/view-details/${post.id}`, '/api/v1/rent/rent-posts']) {
      const { etag, second } = await revalidate(path, viewer);
      expect(second.status).toBe(304);
      expect(await second.text()).toBe('');
      expect(second.headers.get('ETag')).toBe(etag);
      expect(second.headers.get('Cache-Control')).toBe(REVALIDATE_PRIVATE);
    }
  });

  it('keep the ETag through compression (a weak validator names the meaning, not the bytes)', async () => {
    const poster = await registerSignedIn(ctx, 'etag-big');
    const post = await insertRentPost(
      ctx.db,
      poster.id,
      { ...RENT_AD_INPUT, details: 'A long description. '.repeat(60) },
      [],
      {
        now: ctx.clock.now(),
      },
    );
    const { first, second } = await revalidate(`/api/v1/rent/view-details/${post.id}`, poster, {
      'accept-encoding': 'br',
    });
    expect(first.headers.get('Content-Encoding')).toBe('br');
    expect(first.headers.get('Vary')).toContain('Accept-Encoding');
    expect(second.status).toBe(304);
  });

  it('answer 200 with a new ETag once the answer changed', async () => {
    const poster = await registerSignedIn(ctx, 'etag-changer');
    const post = await postedAd(poster);
    const path = `/api/v1/rent/view-details/${post.id}`;
    const list = await revalidate('/api/v1/rent/rent-posts', poster);
    const detail = await revalidate(path, poster);
    const renamed = await ctx.request('PATCH', `/api/v1/user/update-details/${poster.id}`, {
      token: poster.token,
      json: await profileWithName(poster, 'A New Name'),
    });
    expect(renamed.status).toBe(200);
    const changedDetail = await get(path, {
      authorization: `Bearer ${poster.token}`,
      'if-none-match': detail.etag,
    });
    expect(changedDetail.status).toBe(200);
    expect(((await changedDetail.json()) as { data: { user: { name: string } } }).data.user.name).toBe('A New Name');

    await postedAd(poster);
    const changedList = await get('/api/v1/rent/rent-posts', {
      authorization: `Bearer ${poster.token}`,
      'if-none-match': list.etag,
    });
    expect(changedList.status).toBe(200);
    await changedList.arrayBuffer();
    expect(changedList.headers.get('ETag')).not.toBe(list.etag);
  });

  it('never answer a signed-in copy 304 without a session: a visitor gets their own answer, a bad token 401', async () => {
    const poster = await registerSignedIn(ctx, 'etag-private');
    const post = await postedAd(poster);
    const path = `/api/v1/rent/view-details/${post.id}`;
    const { etag } = await revalidate(path, poster);
    const visitor = await get(path, { 'if-none-match': etag });
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('ETag')).not.toBe(etag);
    expect(((await visitor.json()) as { data: Record<string, unknown> }).data).not.toHaveProperty('contactInfo');
    const forged = await get(path, { 'if-none-match': etag, authorization: 'Bearer bs_forged' });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('service details and lists', () => {
  it('answer 304 to a client holding the same answer, and 200 after a review', async () => {
    const provider = await registerSignedIn(ctx, 'etag-provider');
    const client = await registerSignedIn(ctx, 'etag-client');
    const created = await ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${provider.id}`, {
      token: provider.token,
      json: anOffer({ status: 'active', ratings: [], provider: provider.id }),
    });
    const service = created.body.data;
    if (!service) throw new Error(JSON.stringify(created.body));
    const detailPath = `/api/v1/profession/view-details/${service._id}`;
    const listPath = `/api/v1/profession/find-services/all`;
    const detail = await revalidate(detailPath, client);
    expect(detail.second.status).toBe(304);
    const list = await revalidate(listPath, client);
    expect(list.second.status).toBe(304);

    const review = await ctx.request('POST', `/api/v1/profession/add-feedback/${service._id}`, {
      token: client.token,
      json: { rating: 5, feedback: 'Came on time and fixed the tap for good.' },
    });
    expect(review.status).toBe(201);
    for (const [path, etag] of [
      [detailPath, detail.etag],
      [listPath, list.etag],
    ] as const) {
      const after = await get(path, { authorization: `Bearer ${client.token}`, 'if-none-match': etag });
      expect(after.status).toBe(200);
      await after.arrayBuffer();
    }
  });
});

describe('etagMatches', () => {
  it('compares weakly, takes lists and *, and nothing else', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
    expect(etagMatches('', 'W/"abc"')).toBe(false);
  });
});

async function profileWithName(user: SignedInUser, name: string): Promise<Record<string, unknown>> {
  const current = await ctx.request<Record<string, unknown>>('GET', `/api/v1/user/find-info/${user.id}`, {
    token: user.token,
  });
  const data = current.body.data ?? {};
  return {
    name,
    email: data.email,
    phoneNumber: data.phoneNumber,
    dateOfBirth: data.dateOfBirth,
    gender: data.gender,
    nationality: data.nationality,
    address: data.address,
  };
}
