import { rentCategoryLabel, type RentPost } from '@/domain/rent-post';
import { type NewRentPost, type RentPostFormValues } from '@/domain/rent-post-form';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { enqueueOutboxItem, sendOutboxItemNow, type FirstAttempt } from '@/lib/outbox/outbox';
import { OutboxItemRefused, type OutboxSender } from '@/lib/outbox/outbox-processor';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { putRentPost, removeRentPost } from '../db/rent-db';

/**
 * Every change to rent posts goes through here. Publishing an ad always takes the outbox's path (queue, then
 * send at once): the ad and its photos are saved on the device first, so an ad made offline, or cut off by
 * a lost connection, is sent later exactly once. Deleting needs the network.
 */

export const IMAGE_UPLOAD_FAILED_MESSAGE = 'Failed to upload property images.';
export const POST_FAILED_MESSAGE = 'Failed to post property ad. Please try again.';

/** What a queued rent ad keeps besides its photos (which are the item's files). */
export interface RentAdPayload {
  fields: RentPostFormValues;
}

/** Saves the ad with its (already compressed) photos in the outbox; answers the item's id. */
export async function queueRentAd(fields: RentPostFormValues, photos: Blob[], ownerId: string): Promise<number> {
  const payload: RentAdPayload = { fields };
  const item = await enqueueOutboxItem({
    kind: 'rent-ad',
    ownerId,
    label: `${rentCategoryLabel(fields.category)} at ${fields.addressLine}, ${fields.city}`,
    payload: { ...payload },
    files: photos,
  });
  return item.id;
}

export function publishRentAd(itemId: number): Promise<FirstAttempt> {
  return sendOutboxItemNow(itemId);
}

/**
 * The outbox's steps for a rent ad: the photos (unless an earlier attempt uploaded them), then the post with
 * the item's Idempotency-Key. The new post goes into the mirror at once.
 */
export const sendRentAd: OutboxSender = async (item, context) => {
  const { fields } = item.payload as unknown as RentAdPayload;
  let imageUrls = item.progress.imageUrls as string[] | undefined;
  if (!imageUrls) {
    if (item.files.length === 0) throw new OutboxItemRefused(IMAGE_UPLOAD_FAILED_MESSAGE);
    imageUrls = await uploadPropertyImages(item.files, context.reportUploadProgress);
    await context.saveProgress({ imageUrls });
  }
  const payload: NewRentPost = { ...fields, imageUrls };
  const body = await api
    .post('rent/create', { json: payload, headers: { 'Idempotency-Key': item.key } })
    .json<ApiEnvelope<RentPost>>();
  if (body.data) await putRentPost(body.data).catch(() => undefined);
  return { message: body.message || 'Property ad posted successfully!', data: body.data };
};

/** Sends the photos as repeated `propertyImage` fields; answers the large photos' URLs. */
async function uploadPropertyImages(photos: readonly Blob[], onProgress: (fraction: number) => void) {
  const form = new FormData();
  photos.forEach((photo, index) => form.append('propertyImage', photo, photoName(photo, index)));
  const body = await uploadWithProgress<{ urls: string[] }>('image/upload-properties', form, onProgress);
  if (!body.data?.urls?.length) throw new OutboxItemRefused(IMAGE_UPLOAD_FAILED_MESSAGE);
  return body.data.urls;
}

function photoName(photo: Blob, index: number): string {
  return photo instanceof File && photo.name ? photo.name : `photo-${index + 1}.jpg`;
}

export async function deleteRentPost(id: string): Promise<void> {
  await api.delete(`rent/delete/${encodeURIComponent(id)}`).json<ApiEnvelope<unknown>>();
  await removeRentPost(id).catch(() => undefined);
}
