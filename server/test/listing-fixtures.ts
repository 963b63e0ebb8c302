import sharp from 'sharp';
import type { RentPost } from '../../src/domain/rent-post';
import type { ServiceRecord } from '../../src/domain/service';
import { anOffer } from '../../src/domain/service-test-data';
import { services } from '../db/schema';
import { newRentAdPayload, type TestContext, type TestResponse } from './test-app';

/**
 * Rent ads and services for server tests, made as people make them: for an ad, photos uploaded first, then the ad
 * naming them.
 * Tests that write rows straight into the table (to set a date or a status the API would not) take
 * `RENT_AD_INPUT` (server/test/rows.ts), the same ad as the parsed form gives it.
 */

let roomPhoto: Promise<Buffer> | undefined;

/** `count` photos uploaded by the holder of `token`, five to a request as the form allows: their addresses. */
export async function uploadRentPhotos(ctx: TestContext, token: string, count = 1): Promise<string[]> {
  roomPhoto ??= sharp({ create: { width: 64, height: 48, channels: 3, background: '#c87828' } })
    .jpeg()
    .toBuffer();
  const bytes = await roomPhoto;
  const urls: string[] = [];
  while (urls.length < count) {
    const form = new FormData();
    for (let i = 0; i < Math.min(5, count - urls.length); i += 1) {
      form.append('propertyImage', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'room.jpg');
    }
    const response = await ctx.request<{ urls: string[] }>('POST', '/api/v1/image/upload-properties', {
      token,
      body: form,
    });
    if (response.status !== 201) throw new Error(`photo upload: ${response.status} ${JSON.stringify(response.body)}`);
    urls.push(...(response.body.data?.urls ?? []));
  }
  return urls;
}

/** POST /rent/create with one freshly uploaded photo; `changes` override the standard ad's fields. */
export async function postRentAd(
  ctx: TestContext,
  token: string,
  changes: Record<string, unknown> = {},
): Promise<TestResponse<RentPost>> {
  return ctx.request<RentPost>('POST', '/api/v1/rent/create', {
    token,
    json: newRentAdPayload(await uploadRentPhotos(ctx, token), changes),
  });
}

/** Like `postRentAd`, for tests where the ad is only the setting: anything but 201 throws. */
export async function createdRentAd(
  ctx: TestContext,
  token: string,
  changes: Record<string, unknown> = {},
): Promise<RentPost> {
  const response = await postRentAd(ctx, token, changes);
  if (response.status !== 201 || !response.body.data) throw new Error(JSON.stringify(response.body));
  return response.body.data;
}

/** A service offered through the API by `user`: a valid offer (`anOffer`) with `changes`; anything but 201 throws. */
export async function createdService(
  ctx: TestContext,
  user: { id: string; token: string },
  changes: Record<string, unknown> = {},
): Promise<ServiceRecord> {
  const response = await ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${user.id}`, {
    token: user.token,
    json: anOffer(changes),
  });
  if (response.status !== 201 || !response.body.data) throw new Error(JSON.stringify(response.body));
  return response.body.data;
}

/**
 * A service row written straight into the table for `providerId` (a plumber in Mirpur, 100 to 500 taka), with
 * `changes`, for tests where the service is only the setting or needs what the API would not write: its id.
 */
export async function insertService(
  ctx: TestContext,
  providerId: string,
  changes: Partial<typeof services.$inferInsert> = {},
): Promise<string> {
  const [row] = await ctx.db
    .insert(services)
    .values({
      providerId,
      category: 'Plumber',
      contactNumber: '01700000000',
      addressLine: 'Road 1',
      serviceArea: ['Mirpur'],
      description: 'Pipes fixed the same day, any size of job.',
      minimumPrice: 100,
      maximumPrice: 500,
      availableDays: ['Monday'],
      availableTime: 'day',
      ...changes,
    })
    .returning({ id: services.id });
  return row!.id;
}
