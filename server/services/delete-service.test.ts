import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ServiceRecord } from '../../src/domain/service';
import { SYNC_OVERLAP_MS, type SyncDelta } from '../../src/domain/sync-cursor';
import { reviews, services, uploads } from '../db/schema';
import { validService } from '../security/bad-input-support';
import { testContextForFile, registerSignedIn, type SignedInUser } from '../test/test-app';
import { createdService } from '../test/listing-fixtures';

/**
 * DELETE /profession/delete/{serviceId} (issue 24, point 10): owner only, with its reviews and cover, a tombstone
 * for the delta sync, and the limit of two counting what remains. Also the edit's Idempotency-Key and locking,
 * which the offline outbox and a delete racing an edit rely on.
 */

const ctx = testContextForFile();

const person = (label: string) => registerSignedIn(ctx, label);

const offer = (category = 'Plumber') => ({ ...validService(), category });

async function uploadCover(user: SignedInUser): Promise<string> {
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('serviceImages', new File([new Uint8Array(png)], 'cover', { type: 'image/png' }));
  const response = await ctx.request<{ urls: string[] }>('POST', '/api/v1/image/upload-services', {
    token: user.token,
    body: form,
  });
  expect(response.status).toBe(201);
  return response.body.data?.urls[0] ?? '';
}

const serviceOf = (user: SignedInUser, extra: Record<string, unknown> = {}) => createdService(ctx, user, extra);

async function review(client: SignedInUser, service: ServiceRecord) {
  return ctx.request('POST', `/api/v1/profession/add-feedback/${service._id}`, {
    token: client.token,
    json: { rating: 4, feedback: 'Came on time and fixed it well.' },
  });
}

const remove = (id: string, token?: string) =>
  ctx.request<{ _id: string }>('DELETE', `/api/v1/profession/delete/${id}`, token ? { token } : {});

const fileOf = (url: string) => path.join(ctx.config.uploadsDir, url.slice('/uploads/'.length));
const thumbOf = (url: string) => url.replace(/\.webp$/, '-thumb.webp');
const rowOf = async (id: string) => (await ctx.db.select().from(services).where(eq(services.id, id)))[0];
const reviewsOf = (id: string) => ctx.db.select().from(reviews).where(eq(reviews.serviceId, id));
const uploadOf = async (url: string) =>
  (
    await ctx.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, url.slice('/uploads/'.length)))
  )[0];

describe('DELETE /profession/delete/{serviceId}', () => {
  it('lets the owner delete: reviews, cover upload and files go, a tombstone stays, nothing lists it', async () => {
    const owner = await person('del-owner');
    const client = await person('del-client');
    const cover = await uploadCover(owner);
    const service = await serviceOf(owner, { coverImage: cover });
    expect((await review(client, service)).status).toBe(201);
    expect(await reviewsOf(service._id)).toHaveLength(1);
    expect(existsSync(fileOf(cover)) && existsSync(fileOf(thumbOf(cover)))).toBe(true);

    ctx.clock.advance(1000);
    const response = await remove(service._id, owner.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Service deleted', data: { _id: service._id } });

    const row = await rowOf(service._id);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.updatedAt.getTime()).toBe(ctx.clock.now().getTime());
    expect(row?.coverImage).toBeNull();
    expect(await reviewsOf(service._id)).toHaveLength(0);
    expect(await uploadOf(cover)).toBeUndefined();
    expect(existsSync(fileOf(cover))).toBe(false);
    expect(existsSync(fileOf(thumbOf(cover)))).toBe(false);

    const details = await ctx.request('GET', `/api/v1/profession/view-details/${service._id}`, { token: client.token });
    expect(details.status).toBe(404);
    const list = await ctx.request<ServiceRecord[]>('GET', '/api/v1/profession/find-services/all', {
      token: client.token,
    });
    expect(list.body.data?.some((item) => item._id === service._id)).toBe(false);
    const mine = await ctx.request<{ professionalProfiles: ServiceRecord[] }>(
      'GET',
      `/api/v1/user/professional-details/${owner.id}`,
      { token: owner.token },
    );
    expect(mine.body.data?.professionalProfiles ?? []).toHaveLength(0);
  });

  it('refuses a stranger with 403 and changes nothing', async () => {
    const owner = await person('del-victim');
    const stranger = await person('del-stranger');
    const cover = await uploadCover(owner);
    const service = await serviceOf(owner, { coverImage: cover });
    expect((await review(stranger, service)).status).toBe(201);

    const response = await remove(service._id, stranger.token);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('You can only delete your own services.');
    expect((await rowOf(service._id))?.deletedAt).toBeNull();
    expect(await reviewsOf(service._id)).toHaveLength(1);
    expect((await uploadOf(cover))?.attachedAt).toBeInstanceOf(Date);
    expect(existsSync(fileOf(cover))).toBe(true);
  });

  it('needs a session', async () => {
    const owner = await person('del-anon');
    const service = await serviceOf(owner);
    expect((await remove(service._id)).status).toBe(401);
    expect((await remove(service._id, 'not-a-session-token')).status).toBe(401);
    expect((await rowOf(service._id))?.deletedAt).toBeNull();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const someone = await person('del-unknown');
    for (const id of [crypto.randomUUID(), 'nope', '00000000-0000-0000-0000-000000000000']) {
      const response = await remove(id, someone.token);
      expect(response.status, id).toBe(404);
      expect(response.body.message).toBe('Service data not found.');
    }
  });

  it('answers a repeat by the owner with the same success, and a stranger with 404', async () => {
    const owner = await person('del-again');
    const stranger = await person('del-again-stranger');
    const service = await serviceOf(owner);
    expect((await remove(service._id, owner.token)).status).toBe(200);
    const deletedAt = (await rowOf(service._id))?.deletedAt;
    ctx.clock.advance(5000);
    const again = await remove(service._id, owner.token);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ _id: service._id });
    // The tombstone is not stamped again: a retry is not a new change for the delta sync.
    expect((await rowOf(service._id))?.deletedAt).toEqual(deletedAt);
    expect((await remove(service._id, stranger.token)).status).toBe(404);
  });

  it('counts what remains toward the limit of two: inactive ones count, deleted ones do not', async () => {
    const owner = await person('del-limit');
    const first = await serviceOf(owner);
    const second = await serviceOf(owner, { category: 'Painter' });
    const inactive = await ctx.request('PATCH', `/api/v1/profession/update-profile/${second._id}`, {
      token: owner.token,
      json: { ...offer('Painter'), status: 'inactive' },
    });
    expect(inactive.status).toBe(200);
    const third = await ctx.request('POST', `/api/v1/profession/create-profile/${owner.id}`, {
      token: owner.token,
      json: offer('Tutor'),
    });
    expect(third.status).toBe(409);

    expect((await remove(first._id, owner.token)).status).toBe(200);
    const replacement = await ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${owner.id}`, {
      token: owner.token,
      json: offer('Tutor'),
    });
    expect(replacement.status).toBe(201);
    const fourth = await ctx.request('POST', `/api/v1/profession/create-profile/${owner.id}`, {
      token: owner.token,
      json: offer('Maid'),
    });
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe('You are not allowed to offer more than two services simultaneously.');
  });

  it('tells other phones through the delta sync: the id is in `deleted`, never in `changed`', async () => {
    const owner = await person('del-sync');
    const reader = await person('del-sync-reader');
    const gone = await serviceOf(owner, { category: 'Electrician' });
    const kept = await serviceOf(owner, { category: 'Electrician' });
    ctx.clock.advance(SYNC_OVERLAP_MS + 1000);
    const first = await ctx.request<SyncDelta<ServiceRecord>>('GET', '/api/v1/profession/find-services/all?since=0', {
      token: reader.token,
    });
    expect(first.body.data?.changed.some((item) => item._id === gone._id)).toBe(true);
    const cursor = first.body.data?.cursor ?? '';
    ctx.clock.advance(1000);

    expect((await remove(gone._id, owner.token)).status).toBe(200);
    for (const category of ['all', 'electrician']) {
      const next = await ctx.request<SyncDelta<ServiceRecord>>(
        'GET',
        `/api/v1/profession/find-services/${category}?since=${cursor}`,
        { token: reader.token },
      );
      expect(next.status).toBe(200);
      expect(next.body.data?.deleted, category).toContain(gone._id);
      expect(next.body.data?.changed.map((item) => item._id)).not.toContain(gone._id);
      expect(next.body.data?.changed.map((item) => item._id)).not.toContain(kept._id);
    }
    // Another category's phones are not told about it.
    const painters = await ctx.request<SyncDelta<ServiceRecord>>(
      'GET',
      `/api/v1/profession/find-services/painter?since=${cursor}`,
      { token: reader.token },
    );
    expect(painters.body.data?.deleted).not.toContain(gone._id);
    // A full sync started after the delete does not send it at all.
    const full = await ctx.request<SyncDelta<ServiceRecord>>('GET', '/api/v1/profession/find-services/all?since=0', {
      token: reader.token,
    });
    expect(full.body.data?.changed.map((item) => item._id)).not.toContain(gone._id);
    expect(full.body.data?.deleted).not.toContain(gone._id);
  });

  it('refuses an edit or a review of a deleted service with 404', async () => {
    const owner = await person('del-after');
    const client = await person('del-after-client');
    const service = await serviceOf(owner);
    expect((await remove(service._id, owner.token)).status).toBe(200);
    const edit = await ctx.request('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
      token: owner.token,
      json: { ...offer(), status: 'active' },
    });
    expect(edit.status).toBe(404);
    expect((await review(client, service)).status).toBe(404);
    expect(await reviewsOf(service._id)).toHaveLength(0);
  });

  it('leaves no review and no attached cover behind when edits and reviews race the delete', async () => {
    const owner = await person('del-race');
    const clients = await Promise.all([1, 2, 3].map((n) => person(`del-race-client${n}`)));
    const service = await serviceOf(owner);
    const newCover = await uploadCover(owner);
    const answers = await Promise.all([
      ...clients.map((client) => review(client, service)),
      ctx.request('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
        token: owner.token,
        json: { ...offer(), status: 'active', coverImage: newCover },
      }),
      remove(service._id, owner.token),
    ]);
    expect(answers.every((answer) => [200, 201, 404].includes(answer.status))).toBe(true);
    expect(answers.at(-1)?.status).toBe(200);
    expect(await reviewsOf(service._id)).toHaveLength(0);
    expect((await rowOf(service._id))?.coverImage).toBeNull();
    // Either the edit came first and the delete removed its cover, or it came after and its upload stays
    // unattached (the cleanup job removes it): never attached to a deleted service.
    expect((await uploadOf(newCover))?.attachedAt ?? null).toBeNull();
  });
});

describe('PATCH /profession/update-profile/{serviceId} with an Idempotency-Key', () => {
  it('applies an edit once: a retry gets the first answer, even after a later edit', async () => {
    const owner = await person('edit-key');
    const service = await serviceOf(owner);
    const key = crypto.randomUUID();
    const send = (description: string, idempotencyKey: string) =>
      ctx.request<ServiceRecord>('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
        token: owner.token,
        json: { ...offer(), status: 'active', description },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    const first = await send('The first edit, made offline on the bus.', key);
    expect(first.status).toBe(200);
    const later = await send('A later edit made from another phone.', crypto.randomUUID());
    expect(later.status).toBe(200);
    const retry = await send('The first edit, made offline on the bus.', key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await rowOf(service._id))?.description).toBe('A later edit made from another phone.');
  });

  it('still refuses a stranger and frees the key (a 403 is not stored)', async () => {
    const owner = await person('edit-key-owner');
    const stranger = await person('edit-key-stranger');
    const service = await serviceOf(owner);
    const response = await ctx.request('PATCH', `/api/v1/profession/update-profile/${service._id}`, {
      token: stranger.token,
      json: { ...offer(), status: 'inactive' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(response.status).toBe(403);
    expect((await rowOf(service._id))?.status).toBe('active');
  });
});
