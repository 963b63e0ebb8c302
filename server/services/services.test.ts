import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ServiceRecord } from '../../src/domain/service';
import { anOffer } from '../../src/domain/service-test-data';
import { reviews, services } from '../db/schema';
import { testContextForFile, registerSignedIn, type SignedInUser } from '../test/test-app';

const ctx = testContextForFile();

const person = (label: string) => registerSignedIn(ctx, label);

const offer = (overrides: Record<string, unknown> = {}): Record<string, unknown> =>
  anOffer({ status: 'active', ratings: [], ...overrides });

async function createService(user: SignedInUser, overrides: Record<string, unknown> = {}) {
  return ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${user.id}`, {
    token: user.token,
    json: offer({ provider: user.id, ...overrides }),
  });
}

async function serviceOf(user: SignedInUser, overrides: Record<string, unknown> = {}): Promise<ServiceRecord> {
  const response = await createService(user, overrides);
  if (response.status !== 201 || !response.body.data) throw new Error(JSON.stringify(response.body));
  return response.body.data;
}

const liveCount = async (userId: string) =>
  (await ctx.db.select().from(services).where(eq(services.providerId, userId))).length;

describe('POST /profession/create-profile/:userId', () => {
  it('creates an active service without ratings, provider from the session', async () => {
    const owner = await person('offer');
    const response = await createService(owner);
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      category: 'Plumber',
      status: 'active',
      provider: { _id: owner.id, name: 'Rahim Chowdhury' },
      serviceArea: ['Mirpur'],
      servicePlaceIds: ['ar-mirpur'],
      ratings: [],
      coverImage: null,
    });
  });

  it('names the service areas after the places, in English and in order, over typed areas a caller still sends', async () => {
    const owner = await person('areas');
    const placesOnly = await createService(owner, { servicePlaceIds: ['up-365', 'ar-banani'] });
    expect(placesOnly.status).toBe(201);
    expect(placesOnly.body.data?.serviceArea).toEqual(['Savar', 'Banani']);
    const typedToo = await createService(owner, {
      category: 'Painter',
      serviceArea: ['মিরপুর', 'Somewhere else'],
      servicePlaceIds: ['ar-uttara'],
    });
    expect(typedToo.status).toBe(201);
    expect(typedToo.body.data?.serviceArea).toEqual(['Uttara']);
    const rows = await ctx.db.select().from(services).where(eq(services.providerId, owner.id));
    expect(rows.map((row) => row.serviceArea).sort()).toEqual([['Savar', 'Banani'], ['Uttara']]);
  });

  it('reads prices sent as typed ("১,২০০", "Tk 12,000") as the numbers they are', async () => {
    const owner = await person('typed');
    const response = await createService(owner, { minimumPrice: '১,২০০', maximumPrice: 'Tk 12,000' });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ minimumPrice: 1200, maximumPrice: 12000 });
  });

  it('refuses a third service with the spec’s message', async () => {
    const owner = await person('limit');
    await serviceOf(owner);
    await serviceOf(owner, { category: 'Painter' });
    const third = await createService(owner, { category: 'Tutor' });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('You are not allowed to offer more than two services simultaneously.');
    expect(await liveCount(owner.id)).toBe(2);
  });

  it('makes exactly the missing number of services under 50 concurrent requests', async () => {
    for (const existing of [0, 1]) {
      const owner = await person(`race${existing}`);
      if (existing) await serviceOf(owner);
      const answers = await Promise.all(Array.from({ length: 50 }, () => createService(owner)));
      const created = answers.filter((answer) => answer.status === 201).length;
      expect(created).toBe(2 - existing);
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(48 + existing);
      expect(await liveCount(owner.id)).toBe(2);
    }
  });

  it('makes one service from repeated requests with one Idempotency-Key', async () => {
    const user = await person('idempotent');
    const key = crypto.randomUUID();
    const send = () =>
      ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${user.id}`, {
        token: user.token,
        json: offer({ provider: user.id }),
        headers: { 'Idempotency-Key': key },
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.data?._id).toBe(first.body.data?._id);
    expect(await liveCount(user.id)).toBe(1);
  });

  it('answers 403 when offering in someone else’s name', async () => {
    const owner = await person('victim');
    const other = await person('intruder');
    const response = await ctx.request('POST', `/api/v1/profession/create-profile/${owner.id}`, {
      token: other.token,
      json: offer(),
    });
    expect(response.status).toBe(403);
    const spoofed = await ctx.request('POST', `/api/v1/profession/create-profile/${other.id}`, {
      token: other.token,
      json: offer({ provider: owner.id }),
    });
    expect(spoofed.status).toBe(403);
    expect(await liveCount(owner.id)).toBe(0);
    expect(await liveCount(other.id)).toBe(0);
  });

  it('needs a session', async () => {
    const owner = await person('anon');
    const response = await ctx.request('POST', `/api/v1/profession/create-profile/${owner.id}`, { json: offer() });
    expect(response.status).toBe(401);
  });

  it('refuses bad input with the form’s words and stores nothing', async () => {
    const owner = await person('bad');
    const cases: [Record<string, unknown>, string][] = [
      [{ category: 'Astrologer' }, 'Please select a service type'],
      [{ description: 'short' }, 'Description should be at least 20 characters'],
      [{ minimumPrice: 2000, maximumPrice: 2000 }, 'Maximum price must be greater than minimum price'],
      [{ minimumPrice: '12abc' }, 'Please write the amount in digits, like 18,000'],
      [{ maximumPrice: '1,2,3' }, 'Please check the commas: write it like 18,000 or 1,20,000'],
      [{ minimumPrice: null }, 'Price must be greater than 0'],
      [{ serviceArea: ['ab'] }, 'Service area must be at least 3 characters'],
      [{ availableTime: 'weekends' }, 'Please select your availability'],
      [{ status: 'inactive' }, 'A new service starts active'],
      [{ coverImage: 'https://example.com/photo.jpg' }, 'Cover image must be a photo uploaded to Basha'],
    ];
    for (const [change, message] of cases) {
      const response = await createService(owner, change);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(await liveCount(owner.id)).toBe(0);
  });
});

describe('GET /profession/find-services/:category and view-details/:id', () => {
  it('lists a category by slug, name or all, with provider and client names', async () => {
    const provider = await person('listed');
    const client = await person('client');
    const service = await serviceOf(provider, { category: 'Home Shifter' });
    await ctx.request('POST', `/api/v1/profession/add-feedback/${service._id}`, {
      token: client.token,
      json: { rating: 4, feedback: 'Moved everything safely.', client: client.id },
    });
    for (const category of ['home-shifter', 'Home Shifter', 'all']) {
      const response = await ctx.request<ServiceRecord[]>('GET', `/api/v1/profession/find-services/${category}`, {
        token: client.token,
      });
      expect(response.status).toBe(200);
      const found = response.body.data?.find((item) => item._id === service._id);
      expect(found?.provider).toEqual({ _id: provider.id, name: 'Rahim Chowdhury' });
      expect(found?.ratings).toMatchObject([{ client: { _id: client.id, name: 'Rahim Chowdhury' }, rating: 4 }]);
    }
    const plumbers = await ctx.request<ServiceRecord[]>('GET', '/api/v1/profession/find-services/plumber', {
      token: client.token,
    });
    expect(plumbers.body.data?.every((item) => item.category === 'Plumber')).toBe(true);
  });

  it('answers 404 for an unknown category or service', async () => {
    const viewer = await person('viewer');
    expect(
      (await ctx.request('GET', '/api/v1/profession/find-services/astrology', { token: viewer.token })).status,
    ).toBe(404);
    const missing = await ctx.request('GET', '/api/v1/profession/view-details/00000000-0000-4000-8000-000000000000', {
      token: viewer.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Service data not found.');
    expect((await ctx.request('GET', '/api/v1/profession/view-details/nope', { token: viewer.token })).status).toBe(
      404,
    );
  });
});

describe('PATCH /profession/update-profile/:serviceId', () => {
  const edit = (overrides: Record<string, unknown> = {}) => {
    const { ratings: _r, ...rest } = offer({ status: 'inactive', ...overrides });
    return rest;
  };

  it('lets the owner change fields, status and places, and names the areas after the places', async () => {
    const owner = await person('editor');
    const service = await serviceOf(owner);
    const response = await ctx.request<ServiceRecord>('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
      token: owner.token,
      json: edit({ description: 'x'.repeat(2000), servicePlaceIds: ['ar-uttara', 'ar-banani'] }),
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Service updated successfully!');
    expect(response.body.data).toMatchObject({ status: 'inactive', serviceArea: ['Uttara', 'Banani'] });
  });

  it('keeps the areas of the places when an edit leaves the places out but sends typed areas', async () => {
    const owner = await person('oldclient');
    const service = await serviceOf(owner, { servicePlaceIds: ['ar-banani'] });
    const { servicePlaceIds: _places, ...withoutPlaces } = edit({ serviceArea: ['Uttara'] });
    const response = await ctx.request<ServiceRecord>('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
      token: owner.token,
      json: withoutPlaces,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ servicePlaceIds: ['ar-banani'], serviceArea: ['Banani'] });
    const bad = await ctx.request('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
      token: owner.token,
      json: edit({ serviceArea: ['ab'] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Service area must be at least 3 characters');
  });

  it('lets a service offered before places keep typed areas until it names places', async () => {
    const owner = await person('legacy');
    const service = await serviceOf(owner);
    await ctx.db
      .update(services)
      .set({ servicePlaceIds: [], serviceArea: ['Zone 4'] })
      .where(eq(services.id, service._id));
    const patch = (json: Record<string, unknown>) =>
      ctx.request<ServiceRecord>('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
        token: owner.token,
        json,
      });
    const { servicePlaceIds: _places, ...withoutPlaces } = edit();
    expect((await patch(withoutPlaces)).body.data?.serviceArea).toEqual(['Zone 4']);
    expect((await patch({ ...withoutPlaces, serviceArea: ['Zone 5', 'Zone 6'] })).body.data?.serviceArea).toEqual([
      'Zone 5',
      'Zone 6',
    ]);
    const placed = await patch({ ...withoutPlaces, serviceArea: ['Zone 5'], servicePlaceIds: ['up-365'] });
    expect(placed.body.data).toMatchObject({ servicePlaceIds: ['up-365'], serviceArea: ['Savar'] });
  });

  it('answers 403 to anyone but the owner and changes nothing', async () => {
    const owner = await person('mine');
    const other = await person('notmine');
    const service = await serviceOf(owner);
    const response = await ctx.request('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
      token: other.token,
      json: edit(),
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('You are not authorized to edit this service.');
    const [row] = await ctx.db.select().from(services).where(eq(services.id, service._id));
    expect(row?.status).toBe('active');
  });

  it('keeps the category and limits descriptions to 2000 characters', async () => {
    const owner = await person('fixed');
    const service = await serviceOf(owner);
    const category = await ctx.request('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
      token: owner.token,
      json: edit({ category: 'Maid' }),
    });
    expect(category.status).toBe(400);
    const long = await ctx.request('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
      token: owner.token,
      json: edit({ description: 'x'.repeat(2001) }),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Description cannot exceed 2000 characters');
  });
});

describe('POST /profession/add-feedback/:serviceId', () => {
  it('refuses a review of one’s own service with 403', async () => {
    const owner = await person('selfreview');
    const service = await serviceOf(owner);
    const response = await ctx.request('POST', `/api/v1/profession/add-feedback/${service._id}`, {
      token: owner.token,
      json: { rating: 5, feedback: 'I am the best plumber.' },
    });
    expect(response.status).toBe(403);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.serviceId, service._id))).toHaveLength(0);
  });

  it('refuses ratings 0, 6 and 2.5', async () => {
    const owner = await person('rated');
    const client = await person('rater');
    const service = await serviceOf(owner);
    for (const rating of [0, 6, 2.5]) {
      const response = await ctx.request('POST', `/api/v1/profession/add-feedback/${service._id}`, {
        token: client.token,
        json: { rating, feedback: 'Good and quick work.' },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Rating must be between 1 and 5.');
    }
    expect(await ctx.db.select().from(reviews).where(eq(reviews.serviceId, service._id))).toHaveLength(0);
  });

  it('replaces the first review with the second, client from the token', async () => {
    const owner = await person('twice');
    const client = await person('twiceclient');
    const service = await serviceOf(owner);
    const url = `/api/v1/profession/add-feedback/${service._id}`;
    const first = await ctx.request('POST', url, {
      token: client.token,
      json: { rating: 2, feedback: 'Came late but fixed it.', client: owner.id },
    });
    expect(first.status).toBe(201);
    ctx.clock.advance(1000);
    const second = await ctx.request<ServiceRecord>('POST', url, {
      token: client.token,
      json: { rating: 5, feedback: 'Came back and made it perfect.' },
    });
    expect(second.status).toBe(200);
    const rows = await ctx.db.select().from(reviews).where(eq(reviews.serviceId, service._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientId: client.id, rating: 5, feedback: 'Came back and made it perfect.' });
    expect(second.body.data?.ratings).toHaveLength(1);
  });

  it('leaves one review after parallel reviews by one client, with or without one Idempotency-Key', async () => {
    const owner = await person('parallel');
    const client = await person('parallelclient');
    const service = await serviceOf(owner);
    const url = `/api/v1/profession/add-feedback/${service._id}`;
    const withoutKey = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) =>
        ctx.request('POST', url, { token: client.token, json: { rating, feedback: `Rated ${rating} in a hurry.` } }),
      ),
    );
    expect(withoutKey.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    const key = crypto.randomUUID();
    const withKey = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.request('POST', url, {
          token: client.token,
          json: { rating: 4, feedback: 'Good work, sent once.' },
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
    expect(withKey.every((answer) => [200, 201, 409].includes(answer.status))).toBe(true);
    const rows = await ctx.db.select().from(reviews).where(eq(reviews.serviceId, service._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 4, feedback: 'Good work, sent once.' });
  });

  it('checks the feedback length', async () => {
    const owner = await person('lengths');
    const client = await person('lengthclient');
    const service = await serviceOf(owner);
    const short = await ctx.request('POST', `/api/v1/profession/add-feedback/${service._id}`, {
      token: client.token,
      json: { rating: 3, feedback: 'Ok' },
    });
    expect(short.body.message).toBe('Feedback must be at least 10 characters.');
  });
});

describe('POST /image/upload-services', () => {
  async function upload(token: string | undefined, bytes: Uint8Array, type = 'image/png') {
    const form = new FormData();
    form.append('serviceImages', new File([new Uint8Array(bytes)], 'cover', { type }));
    return ctx.request<{ urls: string[] }>('POST', '/api/v1/image/upload-services', { token, body: form });
  }

  it('stores a GIF as WebP and answers its url', async () => {
    const owner = await person('cover');
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
      .gif()
      .toBuffer();
    const response = await upload(owner.token, gif, 'image/gif');
    expect(response.status).toBe(201);
    const url = response.body.data?.urls[0] ?? '';
    expect(url).toMatch(/^\/uploads\/services\/[0-9a-f-]{36}\.webp$/);
    const service = await serviceOf(owner, { coverImage: url });
    expect(service.coverImage).toBe(url);
    expect(service.coverThumbnail).toBe(url.replace('.webp', '-thumb.webp'));
  });

  it('refuses WebP and text, and needs a session', async () => {
    const owner = await person('badcover');
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const refused = await upload(owner.token, webp, 'image/gif');
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe('Only JPEG, PNG, or GIF images are allowed.');
    expect((await upload(owner.token, new TextEncoder().encode('hello'))).status).toBe(415);
    expect((await upload(undefined, webp)).status).toBe(401);
  });

  it('refuses a photo of 5 MB or more with the form’s words, even when the whole body is over the limit', async () => {
    const owner = await person('bigcover');
    const justOver = new Uint8Array(5 * 1024 * 1024);
    const huge = new Uint8Array(7 * 1024 * 1024);
    for (const bytes of [justOver, huge]) {
      const response = await upload(owner.token, bytes);
      expect(response.status).toBe(413);
      expect(response.body.message).toBe('Image size must be less than 5MB.');
    }
  });
});
