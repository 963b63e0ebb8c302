import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NOT_POSTABLE_PLACE_MESSAGE,
  PLACE_REQUIRED_FOR_NEW_ADS,
  UNKNOWN_PLACE_MESSAGE,
} from '../../src/domain/places/place-rules';
import type { PlaceTree } from '../../src/domain/places/place-tree';
import type { RentPost, RentPostDetails } from '../../src/domain/rent-post';
import type { ServiceRecord } from '../../src/domain/service';
import { anOffer } from '../../src/domain/service-test-data';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import { rentPosts, services } from '../db/schema';
import { postRentAd } from '../test/listing-fixtures';
import { registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';
import { matchesEtag, PLACES_CACHE_CONTROL } from './routes';

const ctx = testContextForFile();

const DHANMONDI = {
  id: 'ar-dhanmondi',
  kind: 'area',
  name: 'Dhanmondi',
  bnName: 'ধানমন্ডি',
  district: { id: 'ds-47', name: 'Dhaka', bnName: 'ঢাকা' },
  division: { id: 'dv-6', name: 'Dhaka', bnName: 'ঢাকা' },
};

describe('GET /api/v1/places', () => {
  it('answers the whole tree to anyone, cacheable for long with an ETag', async () => {
    const response = await ctx.request<PlaceTree>('GET', '/api/v1/places');
    expect(response.status).toBe(200);
    const tree = response.body.data!;
    expect([tree.divisions.length, tree.districts.length, tree.upazilas.length]).toEqual([8, 64, 494]);
    expect(tree.areas.length).toBeGreaterThanOrEqual(60);
    expect(tree.areas.find((area) => area.id === 'ar-gulshan')).toMatchObject({
      name: 'Gulshan',
      bnName: 'গুলশান',
      districtId: 'ds-47',
    });
    expect(tree.districts.find((district) => district.id === 'ds-8')).toMatchObject({ divisionId: 'dv-1' });
    expect(tree.upazilas.find((upazila) => upazila.id === 'up-365')).toMatchObject({ districtId: 'ds-47' });
    expect(response.headers.get('Cache-Control')).toBe(PLACES_CACHE_CONTROL);
    expect(response.headers.get('ETag')).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 without a body to a request that names the ETag', async () => {
    const first = await ctx.request('GET', '/api/v1/places');
    const etag = first.headers.get('ETag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await ctx.app.request('/api/v1/places', { headers: { 'If-None-Match': header } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('ETag')).toBe(etag);
    }
    const stale = await ctx.app.request('/api/v1/places', { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
  });

  it('answers Brotli compressed once, with its own ETag, to a browser that accepts it', async () => {
    const response = await ctx.app.request('/api/v1/places', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(30_000);
    const body = JSON.parse(brotliDecompressSync(bytes).toString('utf8')) as { data: PlaceTree };
    expect(body.data.districts).toHaveLength(64);
    const etag = response.headers.get('ETag')!;
    const again = await ctx.app.request('/api/v1/places', {
      headers: { 'Accept-Encoding': 'gzip, br', 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('compares If-None-Match as HTTP says', () => {
    expect(matchesEtag(undefined, ['"a"'])).toBe(false);
    expect(matchesEtag('*', ['"a"'])).toBe(true);
    expect(matchesEtag('"b" , W/"a"', ['"a"'])).toBe(true);
    expect(matchesEtag('"ab"', ['"a"'])).toBe(false);
  });
});

const postAd = (user: SignedInUser, changes: Record<string, unknown>) => postRentAd(ctx, user.token, changes);

const rentCount = async () => (await ctx.db.select({ id: rentPosts.id }).from(rentPosts)).length;

describe('rent ads on places', () => {
  it('takes an area or an upazila and answers the place with its district and division everywhere', async () => {
    const landlord = await registerSignedIn(ctx, 'placed-landlord');
    const created = await postAd(landlord, { placeId: 'ar-dhanmondi' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ placeId: 'ar-dhanmondi', place: DHANMONDI, city: 'Dhaka' });
    const id = created.body.data!._id;

    const details = await ctx.request<RentPostDetails>('GET', `/api/v1/rent/view-details/${id}`, {
      token: landlord.token,
    });
    expect(details.body.data?.place).toEqual(DHANMONDI);
    const list = await ctx.request<RentPost[]>('GET', '/api/v1/rent/rent-posts', { token: landlord.token });
    expect(list.body.data?.find((post) => post._id === id)?.place).toEqual(DHANMONDI);
    const delta = await ctx.request<SyncDelta<RentPost>>('GET', '/api/v1/rent/rent-posts?since=0', {
      token: landlord.token,
    });
    expect(delta.body.data?.changed.find((post) => post._id === id)?.place).toEqual(DHANMONDI);

    const upazila = await postAd(landlord, { placeId: 'up-365' });
    expect(upazila.status).toBe(201);
    expect(upazila.body.data?.place).toMatchObject({ id: 'up-365', kind: 'upazila', name: 'Savar', bnName: 'সাভার' });
  });

  it('answers an old ad without a place with a null place (new ads must name one, since the form sends it)', async () => {
    expect(PLACE_REQUIRED_FOR_NEW_ADS).toBe(true);
    const landlord = await registerSignedIn(ctx, 'unplaced-landlord');
    const created = await postAd(landlord, {});
    expect(created.status).toBe(201);
    const id = created.body.data!._id;
    // An ad from before places whose city the migration matched to none.
    await ctx.db.update(rentPosts).set({ placeId: null }).where(eq(rentPosts.id, id));
    const details = await ctx.request<RentPostDetails>('GET', `/api/v1/rent/view-details/${id}`, {
      token: landlord.token,
    });
    expect(details.body.data).toMatchObject({ placeId: null, place: null, city: 'Dhaka' });
  });

  it('refuses unknown places, districts, divisions and ids of the wrong shape, and stores nothing', async () => {
    const landlord = await registerSignedIn(ctx, 'misplaced-landlord');
    const before = await rentCount();
    const cases: [unknown, string][] = [
      ['ar-atlantis', UNKNOWN_PLACE_MESSAGE()],
      ['ds-47', NOT_POSTABLE_PLACE_MESSAGE()],
      ['dv-6', NOT_POSTABLE_PLACE_MESSAGE()],
      ['__proto__', UNKNOWN_PLACE_MESSAGE()],
      ['x'.repeat(65), UNKNOWN_PLACE_MESSAGE()],
      ['', 'Please choose an area'],
    ];
    for (const [placeId, message] of cases) {
      const response = await postAd(landlord, { placeId });
      expect(response.status, String(placeId)).toBe(400);
      expect(response.body.message).toBe(message);
      expect(response.body.errors?.placeId).toEqual([message]);
    }
    for (const placeId of [47, ['ar-dhanmondi'], null]) {
      const response = await postAd(landlord, { placeId });
      expect(response.status, JSON.stringify(placeId)).toBe(400);
    }
    expect(await rentCount()).toBe(before);
  });
});

const offer = (user: SignedInUser, changes: Record<string, unknown>) =>
  ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${user.id}`, {
    token: user.token,
    json: anOffer({ provider: user.id, status: 'active', ratings: [], ...changes }),
  });

// An edit sends no places unless told: one that leaves them out keeps what is stored.
const edit = (user: SignedInUser, id: string, changes: Record<string, unknown>) =>
  ctx.request<ServiceRecord>('PATCH', `/api/v1/profession/update-profile/${id}`, {
    token: user.token,
    json: anOffer({ status: 'active', servicePlaceIds: undefined, ...changes }),
  });

const serviceCount = async () => (await ctx.db.select({ id: services.id }).from(services)).length;

describe('services on places', () => {
  it('takes 1 to 10 areas or upazilas and answers them with their names', async () => {
    const provider = await registerSignedIn(ctx, 'placed-provider');
    const created = await offer(provider, { servicePlaceIds: ['ar-dhanmondi', 'up-365'] });
    expect(created.status).toBe(201);
    expect(created.body.data?.servicePlaceIds).toEqual(['ar-dhanmondi', 'up-365']);
    expect(created.body.data?.servicePlaces).toEqual([
      DHANMONDI,
      expect.objectContaining({
        id: 'up-365',
        name: 'Savar',
        district: { id: 'ds-47', name: 'Dhaka', bnName: 'ঢাকা' },
      }),
    ]);
    const id = created.body.data!._id;
    const found = await ctx.request<ServiceRecord[]>('GET', '/api/v1/profession/find-services/all', {
      token: provider.token,
    });
    expect(found.body.data?.find((service) => service._id === id)?.servicePlaces?.[0]).toEqual(DHANMONDI);

    // An edit may change the places; one that does not send them keeps them.
    const changed = await edit(provider, id, { servicePlaceIds: ['ar-agrabad'] });
    expect(changed.status).toBe(200);
    expect(changed.body.data?.servicePlaces?.map((place) => place.name)).toEqual(['Agrabad']);
    const kept = await edit(provider, id, { description: 'Pipes and taps fixed, the same day in most areas.' });
    expect(kept.status).toBe(200);
    expect(kept.body.data?.servicePlaceIds).toEqual(['ar-agrabad']);
  });

  it('answers a service without places (one offered before places) with empty lists, and lets it be edited so', async () => {
    const provider = await registerSignedIn(ctx, 'unplaced-provider');
    const created = await offer(provider, {});
    expect(created.status).toBe(201);
    // As the migration leaves a service whose written areas matched no place.
    await ctx.db.update(services).set({ servicePlaceIds: [] }).where(eq(services.id, created.body.data!._id));
    const view = await ctx.request<ServiceRecord>('GET', `/api/v1/profession/view-details/${created.body.data!._id}`, {
      token: provider.token,
    });
    expect(view.body.data).toMatchObject({ servicePlaceIds: [], servicePlaces: [] });
    const edited = await edit(provider, created.body.data!._id, {
      description: 'Taps, drains and pipes, all of Dhaka.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ servicePlaceIds: [], servicePlaces: [] });
  });

  it('refuses a new service without places, over the outbox path too, and stores nothing', async () => {
    const provider = await registerSignedIn(ctx, 'placeless-provider');
    const before = await serviceCount();
    const key = crypto.randomUUID();
    const attempts: Record<string, string>[] = [{}, { 'Idempotency-Key': key }, { 'Idempotency-Key': key }];
    for (const headers of attempts) {
      const response = await ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${provider.id}`, {
        token: provider.token,
        json: anOffer({ provider: provider.id, status: 'active', ratings: [], servicePlaceIds: undefined }),
        headers,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please choose at least one service area');
      expect(response.body.errors?.servicePlaceIds).toEqual(['Please choose at least one service area']);
    }
    expect(await serviceCount()).toBe(before);
  });

  it('answers a Bangla request in Bangla', async () => {
    const provider = await registerSignedIn(ctx, 'bangla-provider');
    const ask = (servicePlaceIds: unknown) =>
      ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${provider.id}`, {
        token: provider.token,
        json: anOffer({ provider: provider.id, servicePlaceIds }),
        headers: { 'Accept-Language': 'bn-BD,bn;q=0.9,en;q=0.5' },
      });
    const cases: [unknown, string, string][] = [
      [undefined, 'servicePlaceIds', 'সেবার এলাকা অন্তত একটি বেছে নিন'],
      [['ar-atlantis'], 'servicePlaceIds.0', 'এই এলাকাটি চেনা যায়নি। তালিকা থেকে একটি এলাকা বেছে নিন।'],
      [['ds-47'], 'servicePlaceIds.0', 'পুরো জেলা বা বিভাগ নয়, একটি এলাকা বা উপজেলা বেছে নিন।'],
      [
        Array.from({ length: 11 }, (_, i) => `up-${i + 1}`),
        'servicePlaceIds',
        'সেবার এলাকা সর্বোচ্চ ১০টি বেছে নেওয়া যায়',
      ],
      [['ar-gulshan', 'ar-gulshan'], 'servicePlaceIds', 'একই এলাকা একবারই বেছে নেওয়া যায়'],
    ];
    for (const [servicePlaceIds, field, message] of cases) {
      const response = await ask(servicePlaceIds);
      expect(response.status, JSON.stringify(servicePlaceIds)).toBe(400);
      expect(response.body.message).toBe(message);
      expect(response.body.errors?.[field]).toEqual([message]);
    }
    const english = await ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${provider.id}`, {
      token: provider.token,
      json: anOffer({ provider: provider.id, servicePlaceIds: ['ar-atlantis'] }),
    });
    expect(english.body.message).toBe('Unknown place. Please choose an area from the list.');
  });

  it('refuses unknown and unfit places, none, more than 10 or the same one twice, on offers and edits', async () => {
    const provider = await registerSignedIn(ctx, 'misplaced-provider');
    const existing = (await offer(provider, { servicePlaceIds: ['ar-gulshan'] })).body.data!;
    const before = (await ctx.db.select({ id: services.id }).from(services)).length;
    const eleven = Array.from({ length: 11 }, (_, i) => `up-${i + 1}`);
    const cases: [unknown, string, string][] = [
      [['ar-gulshan', 'ar-atlantis'], 'servicePlaceIds.1', UNKNOWN_PLACE_MESSAGE()],
      [['ds-47'], 'servicePlaceIds.0', NOT_POSTABLE_PLACE_MESSAGE()],
      [[], 'servicePlaceIds', 'Please choose at least one service area'],
      [eleven, 'servicePlaceIds', 'Please choose at most 10 service areas'],
      [['ar-gulshan', 'ar-gulshan'], 'servicePlaceIds', 'Each service area can be chosen only once'],
      ['ar-gulshan', 'servicePlaceIds', 'Please choose at least one service area'],
    ];
    for (const [servicePlaceIds, field, message] of cases) {
      for (const response of [
        await offer(provider, { servicePlaceIds }),
        await edit(provider, existing._id, { servicePlaceIds }),
      ]) {
        expect(response.status, JSON.stringify(servicePlaceIds)).toBe(400);
        expect(response.body.message).toBe(message);
        expect(response.body.errors?.[field]).toEqual([message]);
      }
    }
    expect((await ctx.db.select({ id: services.id }).from(services)).length).toBe(before);
    const view = await ctx.request<ServiceRecord>('GET', `/api/v1/profession/view-details/${existing._id}`, {
      token: provider.token,
    });
    expect(view.body.data?.servicePlaceIds).toEqual(['ar-gulshan']);
  });
});
