import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { rentPosts, services, users, type StoredPhoto } from '../db/schema';
import { LISTING_TABLES } from '../listings/kinds';
import { RENT_AD_INPUT, userRow } from '../test/rows';
import { testContextForFile } from '../test/test-app';
import { encodeListingPhoto, saveListingPhoto, type EncodedListingPhoto } from './listing-photos';
import { createLocalImageStorage } from './storage';

/**
 * Who gets a listing's photos (server/images/photo-listings.ts): `/uploads/` withholds the photos of a hidden or
 * deleted listing while it is so, and `/share/og/` makes previews only of the photos of listings whose public page is
 * shown. Listings are written straight into their tables, in the states the API and moderation leave them in.
 */

const ctx = testContextForFile();

let encoded: EncodedListingPhoto;
beforeAll(async () => {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();
  encoded = await encodeListingPhoto(bytes);
});

const storage = () => createLocalImageStorage(ctx.config.uploadsDir);
const storedPhoto = (folder: 'rent' | 'services'): Promise<StoredPhoto> => saveListingPhoto(storage(), encoded, folder);

async function addUser(): Promise<string> {
  const id = randomUUID();
  await ctx.db.insert(users).values(userRow(id, { id }));
  return id;
}

async function addAd(changes: Partial<typeof rentPosts.$inferInsert> = {}) {
  const photo = await storedPhoto('rent');
  const id = randomUUID();
  const userId = changes.userId ?? (await addUser());
  await ctx.db
    .insert(rentPosts)
    .values({ ...RENT_AD_INPUT, propertyType: 'Family Room', id, userId, photos: [photo], ...changes });
  return { id, userId, photo };
}

async function addService(changes: Partial<typeof services.$inferInsert> = {}) {
  const photo = await storedPhoto('services');
  const id = randomUUID();
  await ctx.db.insert(services).values({
    id,
    providerId: await addUser(),
    category: 'Electrician',
    contactNumber: '01712345678',
    addressLine: 'Road 1',
    serviceArea: ['Mirpur'],
    description: 'Wiring, fans and lights fixed the same day, with a written guarantee.',
    minimumPrice: 500,
    maximumPrice: 3000,
    availableDays: ['Monday'],
    availableTime: 'day',
    coverImage: photo,
    ...changes,
  });
  return { id, photo };
}

const status = async (path: string) => (await ctx.app.request(path)).status;
const preview = (photo: StoredPhoto) => photo.url.replace('/uploads/', '/share/og/').replace(/\.webp$/, '.jpg');

describe('a listing photo at /uploads/', () => {
  it('is withheld with its thumbnail while the rent ad is hidden, and served again once it is shown', async () => {
    const ad = await addAd();
    expect([await status(ad.photo.url), await status(ad.photo.thumbnailUrl)]).toEqual([200, 200]);

    // What a moderator's hide does (server/moderation), and an owner's delete sets the same tombstone.
    await LISTING_TABLES.rent.hide(ctx.db, ad.id, ctx.clock.now());
    expect([await status(ad.photo.url), await status(ad.photo.thumbnailUrl)]).toEqual([404, 404]);
    expect(await status(preview(ad.photo))).toBe(404);

    await ctx.db.update(rentPosts).set({ deletedAt: null }).where(eq(rentPosts.id, ad.id));
    expect([await status(ad.photo.url), await status(ad.photo.thumbnailUrl)]).toEqual([200, 200]);
  });

  it('is withheld while the service whose cover it is is hidden', async () => {
    const service = await addService();
    expect(await status(service.photo.url)).toBe(200);
    await LISTING_TABLES.service.hide(ctx.db, service.id, ctx.clock.now());
    expect([await status(service.photo.url), await status(service.photo.thumbnailUrl)]).toEqual([404, 404]);
    await ctx.db.update(services).set({ deletedAt: null }).where(eq(services.id, service.id));
    expect(await status(service.photo.thumbnailUrl)).toBe(200);
  });

  it('is still served to signed-in people while the ad is Booked or left unconfirmed (the app shows those)', async () => {
    const booked = await addAd({ status: 'Booked' });
    const unlisted = await addAd({ unlistedAt: ctx.clock.now() });
    expect([await status(booked.photo.url), await status(unlisted.photo.thumbnailUrl)]).toEqual([200, 200]);
  });

  it('that no listing shows (a profile photo, an upload not attached yet) is served as before', async () => {
    const key = `profiles/${randomUUID()}.webp`;
    await storage().save(key, encoded.thumbnail, 'image/webp');
    const loose = await storedPhoto('rent');
    expect([await status(`/uploads/${key}`), await status(loose.url)]).toEqual([200, 200]);
  });
});

describe('a preview image at /share/og/', () => {
  it('is made only of a photo whose listing has a public page, and asked again each time', async () => {
    const live = await addAd();
    const response = await ctx.app.request(preview(live.photo));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');

    const booked = await addAd({ status: 'Booked' });
    const unconfirmed = await addAd({ unlistedAt: ctx.clock.now() });
    const blockedPoster = await addUser();
    await ctx.db.update(users).set({ status: 'blocked' }).where(eq(users.id, blockedPoster));
    const ofBlocked = await addAd({ userId: blockedPoster });
    const inactiveService = await addService({ status: 'inactive' });
    const noListing = await storedPhoto('rent');
    const statuses = await Promise.all(
      [booked.photo, unconfirmed.photo, ofBlocked.photo, inactiveService.photo, noListing].map((photo) =>
        status(preview(photo)),
      ),
    );
    expect(statuses).toEqual([404, 404, 404, 404, 404]);

    // The preview made above is kept in memory; once the ad is hidden it is not served from there either.
    await LISTING_TABLES.rent.hide(ctx.db, live.id, ctx.clock.now());
    expect(await status(preview(live.photo))).toBe(404);
    await ctx.db.update(rentPosts).set({ deletedAt: null }).where(eq(rentPosts.id, live.id));
    expect(await status(preview(live.photo))).toBe(200);

    const cover = await addService();
    expect(await status(preview(cover.photo))).toBe(200);
  });
});
