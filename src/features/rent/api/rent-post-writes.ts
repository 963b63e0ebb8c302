import type { RentPost } from '@/domain/rent-post';
import type { NewRentPost } from '@/domain/rent-post-form';
import { isSlowTransfer } from '@/domain/upload-progress';
import type { ApiEnvelope } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { api } from '@/lib/api-client';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { OutboxItemRefused, type OutboxSendContext, type OutboxSender } from '@/lib/outbox/outbox-senders';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { putRentPost, removeRentPost } from '../db/rent-db';

/**
 * Every change to rent posts goes through here. Publishing an ad always takes the outbox's path (the page's
 * `useOutboxPost('rent-ad')`: queue, then send at once): the ad and its photos are saved on the device first, so
 * an ad made offline, or cut off by a lost connection, is sent later exactly once, by `sendRentAd`. Deleting needs
 * the network.
 */

/**
 * The outbox's steps for a rent ad: the photos that no earlier attempt uploaded, then the post with the item's
 * Idempotency-Key. The new post goes into the mirror at once.
 */
export const sendRentAd: OutboxSender<'rent-ad'> = async (item, context) => {
  const { fields } = item.payload;
  if (item.files.length === 0) throw new OutboxItemRefused(m.rent_image_upload_failed());
  const imageUrls = await uploadRemainingPhotos(item, context);
  const payload: NewRentPost = { ...fields, imageUrls };
  const body = await api
    .post('rent/create', { json: payload, headers: { 'Idempotency-Key': item.key } })
    .json<ApiEnvelope<RentPost>>();
  if (body.data) await putRentPost(body.data).catch(() => undefined);
  return { message: body.message || m.rent_posted(), data: body.data };
};

/**
 * Sends the photos one at a time, in their order, each in its own request with its own time limits (which grow
 * with its bytes). Each photo's URL is saved in the item's progress as soon as it lands, so an attempt cut off
 * on a slow link resumes with the next photo and never sends one twice. (`progress.imageUrls` is the list of
 * the first photos' URLs, in order; an item that holds all of them uploads nothing.)
 */
export async function uploadRemainingPhotos(
  item: OutboxItem<'rent-ad'> | OutboxItem<'rent-edit'>,
  context: OutboxSendContext,
): Promise<string[]> {
  const photos = item.files;
  const urls = (item.progress.imageUrls ?? []).slice(0, photos.length);
  const totalBytes = sum(photos.map((photo) => photo.size));
  let landedBytes = sum(photos.slice(0, urls.length).map((photo) => photo.size));
  // Whether the link is slow is judged on this attempt's own bytes and time.
  const started = Date.now();
  let sentThisAttempt = 0;
  let slow = false;
  const report = (onTheirWay: number) => {
    slow ||= isSlowTransfer(sentThisAttempt + onTheirWay, Date.now() - started);
    const fraction = totalBytes > 0 ? Math.min(1, (landedBytes + onTheirWay) / totalBytes) : 1;
    context.reportUploadProgress(fraction, { done: urls.length, total: photos.length, fraction, slow });
  };
  report(0);
  for (let index = urls.length; index < photos.length; index++) {
    const photo = photos[index]!;
    const form = new FormData();
    form.append('propertyImage', photo, photoName(photo, index));
    const body = await uploadWithProgress<{ urls: string[] }>(
      'image/upload-properties',
      form,
      ({ loaded, total }) => report(photo.size * (loaded / total)),
      { bytes: photo.size },
    );
    const url = body.data?.urls?.length === 1 ? body.data.urls[0] : undefined;
    if (!url) throw new OutboxItemRefused(m.rent_image_upload_failed());
    urls.push(url);
    // The outbox's list and the pending card read these (src/domain/upload-progress.ts, savedPhotoProgress).
    await context.saveProgress({ imageUrls: [...urls], slowConnection: slow });
    landedBytes += photo.size;
    sentThisAttempt += photo.size;
    report(0);
  }
  return urls;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function photoName(photo: Blob, index: number): string {
  return photo instanceof File && photo.name ? photo.name : `photo-${index + 1}.jpg`;
}

export async function deleteRentPost(id: string): Promise<void> {
  await api.delete(`rent/delete/${encodeURIComponent(id)}`).json<ApiEnvelope<unknown>>();
  await removeRentPost(id).catch(() => undefined);
}
