import { rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RentPost } from '../../src/domain/rent-post';
import type { ServiceRecord } from '../../src/domain/service';
import type { UserRecord } from '../../src/domain/user';
import { uploads, users } from '../db/schema';
import {
  testContextForFile,
  newRentAdPayload,
  newUserPayload,
  registerSignedIn,
  type SignedInUser,
  signUpFirebase,
} from '../test/test-app';
import { validService } from '../security/bad-input-support';

/**
 * Stored photo paths are checked (issue 17, point 9): a profile, a rent post or a service may name only the exact
 * path of an upload of its kind that exists and that its writer made, and a listing photo only once.
 */

const ctx = testContextForFile();

const person = (label: string) => registerSignedIn(ctx, label);

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
});

async function upload(path: string, field: string, token: string): Promise<string> {
  ctx.clock.advance(11 * 60 * 1000); // a fresh upload rate-limit window
  const form = new FormData();
  form.append(field, new File([new Uint8Array(jpeg)], 'photo.jpg', { type: 'image/jpeg' }));
  const response = await ctx.request<{ url?: string; urls?: string[] }>('POST', `/api/v1/image/${path}`, {
    token,
    body: form,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const url = response.body.data?.url ?? response.body.data?.urls?.[0];
  if (!url) throw new Error('no url answered');
  return url;
}

const uploadProfilePhoto = (token: string) => upload('upload-profile', 'profileImage', token);
const uploadRentPhoto = (token: string) => upload('upload-properties', 'propertyImage', token);
const uploadCover = (token: string) => upload('upload-services', 'serviceImages', token);

const fileOf = (url: string) => path.join(ctx.config.uploadsDir, url.slice('/uploads/'.length));

async function attachedAt(url: string): Promise<Date | null | undefined> {
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(eq(uploads.key, url.slice('/uploads/'.length)));
  return row?.attachedAt;
}

const HOSTILE_PATHS = [
  '/uploads/../../etc/passwd',
  '/uploads/profiles/../../../etc/passwd',
  '/uploads/profiles/x.webp',
  '/uploads/profiles/0F8FAD5B-D9CB-469F-A165-70867728950E.webp',
  '/uploads/profiles/------------------------------------.webp',
  `/uploads/profiles/${randomUUID()}.webp/..`,
  `/uploads/profiles/${randomUUID()}-thumb.webp`,
];

describe('profile photos', () => {
  it('registers with the photo uploaded by the same Firebase account, and marks it attached', async () => {
    const account = await signUpFirebase();
    const url = await uploadProfilePhoto(account.idToken);
    expect(await attachedAt(url)).toBeNull();
    const response = await ctx.request<UserRecord>('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: newUserPayload(account.email, { profileImage: url }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data?.profileImage).toBe(url);
    expect(await attachedAt(url)).toEqual(ctx.clock.now());
  });

  it.each(HOSTILE_PATHS)('refuses %s at registration and stores nothing', async (profileImage) => {
    const account = await signUpFirebase();
    const response = await ctx.request('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: newUserPayload(account.email, { profileImage }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.profileImage).toEqual(['Profile image must be a photo uploaded to Basha']);
    expect(await ctx.db.select().from(users).where(eq(users.email, account.email))).toEqual([]);
  });

  it('refuses another account’s photo, a photo never uploaded, and a rent photo', async () => {
    const someone = await person('photo-owner');
    const theirs = await uploadProfilePhoto(someone.token);
    const rentPhoto = await uploadRentPhoto(someone.token);
    const account = await signUpFirebase();
    for (const profileImage of [theirs, `/uploads/profiles/${randomUUID()}.webp`, rentPhoto]) {
      const response = await ctx.request('POST', '/api/v1/user/create-new', {
        token: account.idToken,
        json: newUserPayload(account.email, { profileImage }),
      });
      expect(response.status, profileImage).toBe(400);
    }
    expect(await attachedAt(theirs)).toBeNull();
  });

  it('lets an edit take the user’s own new photo or keep the current one, never someone else’s', async () => {
    const user = await person('edit-photo');
    const other = await person('edit-other');
    const edit = (profileImage: string) => {
      const { profileImage: _none, ...rest } = newUserPayload(user.email);
      return ctx.request<UserRecord>('PATCH', `/api/v1/user/update-details/${user.id}`, {
        token: user.token,
        json: { ...rest, profileImage },
      });
    };
    const own = await uploadProfilePhoto(user.token);
    expect((await edit(own)).body.data?.profileImage).toBe(own);
    expect((await edit(own)).status).toBe(200);
    const refused = await edit(await uploadProfilePhoto(other.token));
    expect(refused.status).toBe(400);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.profileImage).toBe(own);
  });
});

const ad = (imageUrls: string[]) => newRentAdPayload(imageUrls);

describe('rent photos', () => {
  const post = (user: SignedInUser, imageUrls: string[]) =>
    ctx.request<RentPost>('POST', '/api/v1/rent/create', { token: user.token, json: ad(imageUrls) });

  it('posts with the poster’s own photos and marks them attached', async () => {
    const landlord = await person('rent-own');
    const url = await uploadRentPhoto(landlord.token);
    const response = await post(landlord, [url]);
    expect(response.status).toBe(201);
    expect(response.body.data?.thumbnailUrls).toEqual([url.replace('.webp', '-thumb.webp')]);
    expect(await attachedAt(url)).not.toBeNull();
  });

  it('refuses someone else’s unused photo, a photo whose file is gone, and a cover', async () => {
    const landlord = await person('rent-thief');
    const other = await person('rent-victim');
    const theirs = await uploadRentPhoto(other.token);
    const gone = await uploadRentPhoto(landlord.token);
    rmSync(fileOf(gone.replace('.webp', '-thumb.webp')));
    const cover = await uploadCover(landlord.token);
    for (const url of [theirs, gone, cover]) {
      const response = await post(landlord, [url]);
      expect(response.status, url).toBe(400);
      expect(response.body.message).toBe('Images must be photos uploaded to Basha');
    }
    expect(await attachedAt(theirs)).toBeNull();
  });

  it('lets only one of two ads racing for the same photo have it, and leaves no half-made ad', async () => {
    const landlord = await person('rent-race');
    const shared = await uploadRentPhoto(landlord.token);
    const other = await uploadRentPhoto(landlord.token);
    const answers = await Promise.all([post(landlord, [shared]), post(landlord, [other, shared])]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    // The refused ad took nothing: its other photo is still free for another ad.
    const refusedHadOther = answers.find((answer) => answer.status === 409) === answers[1];
    if (refusedHadOther) expect(await attachedAt(other)).toBeNull();
  });
});

describe('service covers', () => {
  const offer = (user: SignedInUser, coverImage?: string | null) => ({
    ...validService(),
    provider: user.id,
    ...(coverImage === undefined ? {} : { coverImage }),
  });
  const create = (user: SignedInUser, coverImage?: string) =>
    ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${user.id}`, {
      token: user.token,
      json: offer(user, coverImage),
    });
  const update = (user: SignedInUser, serviceId: string, coverImage: string | null) => {
    const { provider: _provider, ...fields } = offer(user, coverImage);
    return ctx.request<ServiceRecord>('PATCH', `/api/v1/profession/update-profile/${serviceId}`, {
      token: user.token,
      json: { ...fields, status: 'active' },
    });
  };

  it('takes the provider’s own cover once: a second service cannot show it too', async () => {
    const provider = await person('cover-own');
    const cover = await uploadCover(provider.token);
    const first = await create(provider, cover);
    expect(first.status).toBe(201);
    expect(first.body.data?.coverThumbnail).toBe(cover.replace('.webp', '-thumb.webp'));
    const second = await create(provider, cover);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('This image is already used by another listing.');
  });

  it('refuses another provider’s cover and a profile photo', async () => {
    const provider = await person('cover-thief');
    const other = await person('cover-victim');
    for (const url of [await uploadCover(other.token), await uploadProfilePhoto(provider.token)]) {
      const response = await create(provider, url);
      expect(response.status, url).toBe(400);
      expect(response.body.errors?.coverImage).toEqual(['Cover image must be a photo uploaded to Basha']);
    }
  });

  it('lets an edit keep its cover or take a new own one, and refuses another provider’s', async () => {
    const provider = await person('cover-edit');
    const other = await person('cover-edit-other');
    const cover = await uploadCover(provider.token);
    const service = (await create(provider, cover)).body.data as ServiceRecord;
    expect((await update(provider, service._id, cover)).status).toBe(200);
    const next = await uploadCover(provider.token);
    expect((await update(provider, service._id, next)).body.data?.coverImage).toBe(next);
    const refused = await update(provider, service._id, await uploadCover(other.token));
    expect(refused.status).toBe(400);
    expect((await update(provider, service._id, null)).body.data?.coverImage).toBeNull();
  });
});
