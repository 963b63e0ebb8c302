import type { ServiceRecord } from '@/domain/service';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { OutboxItemRefused, type OutboxSender } from '@/lib/outbox/outbox-senders';
import type { OutboxSendContext } from '@/lib/outbox/outbox-senders';
import { reportOnePhoto } from '@/lib/outbox/report-one-photo';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { putService } from '../db/services-db';
import { m } from '@/i18n/generated/messages.js';

/**
 * How the outbox sends the services feature's items: offers, edits and reviews, each with its item's
 * Idempotency-Key. Apart from the pages' post paths (./post-services.ts), because the service worker sends these
 * too (on Background Sync, with no page open) and must not carry the pages' code. Each answer goes into the mirror.
 */

// Read when they are said, in the language of that moment.
export const coverUploadFailedMessage = () => m.services_cover_upload_failed();
export const publishFailedMessage = () => m.services_publish_failed();
export const feedbackFailedMessage = () => m.services_feedback_failed();
export const updateFailedMessage = () => m.services_update_failed();

/**
 * POST /image/upload-services (multipart field serviceImages): the stored cover's URL (data.urls[0]). How much
 * has gone is reported through the outbox's events, for the form and the outbox's list.
 */
export async function uploadServiceCover(
  file: Blob,
  context: Pick<OutboxSendContext, 'reportUploadProgress'>,
): Promise<string> {
  const form = new FormData();
  form.append('serviceImages', file, 'cover');
  const progress = reportOnePhoto(context, file.size);
  // Through the upload client: its time limit grows with the bytes (a 5 MB cover on EDGE takes minutes).
  const body = await uploadWithProgress<{ urls: string[] }>('image/upload-services', form, progress.onProgress, {
    bytes: file.size,
  });
  const url = body.data?.urls[0];
  if (!url) throw new OutboxItemRefused(coverUploadFailedMessage());
  progress.sent();
  return url;
}

/**
 * The outbox's steps for a service offer: the cover (unless an earlier attempt uploaded it), then
 * POST /profession/create-profile/{userId}, sent with provider, status active and no ratings (spec,
 * section 3). The new service goes into the mirror at once.
 */
export const sendServiceOffer: OutboxSender<'service-offer'> = async (item, context) => {
  const { userId, values } = item.payload;
  let coverImage = item.progress.coverImage;
  const cover = item.files[0];
  if (cover && !coverImage) {
    coverImage = await uploadServiceCover(cover, context);
    await context.saveProgress({ coverImage });
  }
  const json = { ...values, ...(coverImage ? { coverImage } : {}), provider: userId, status: 'active', ratings: [] };
  const body = await api
    .post(`profession/create-profile/${encodeURIComponent(userId)}`, {
      json,
      headers: { 'Idempotency-Key': item.key },
    })
    .json<ApiEnvelope<ServiceRecord>>();
  if (!body.data) throw new OutboxItemRefused(body.message || publishFailedMessage());
  await putService(body.data).catch(() => undefined);
  return { message: body.message, data: body.data };
};

/**
 * The outbox's steps for a service edit: the new cover (unless an earlier attempt uploaded it), then
 * PATCH /profession/update-profile/{serviceId} with the item's Idempotency-Key, so that a retry after a lost
 * answer does not write the edit again over a later one. An omitted cover removes it. The answer goes into the
 * mirror.
 */
export const sendServiceEdit: OutboxSender<'service-edit'> = async (item, context) => {
  const { serviceId, values, keptCover } = item.payload;
  let coverImage = item.progress.coverImage;
  const cover = item.files[0];
  if (cover && !coverImage) {
    coverImage = await uploadServiceCover(cover, context);
    await context.saveProgress({ coverImage });
  }
  if (!cover) coverImage = keptCover ?? undefined;
  const body = await api
    .patch(`profession/update-profile/${encodeURIComponent(serviceId)}`, {
      json: coverImage ? { ...values, coverImage } : values,
      headers: { 'Idempotency-Key': item.key },
    })
    .json<ApiEnvelope<ServiceRecord>>();
  if (!body.data) throw new OutboxItemRefused(body.message || updateFailedMessage());
  await putService(body.data).catch(() => undefined);
  return { message: body.message, data: body.data };
};

/**
 * The outbox's step for a review: POST /profession/add-feedback/{serviceId}. The author is the session's
 * user (the server ignores `client`). The reviewed service, with its new average, goes into the mirror.
 */
export const sendReview: OutboxSender<'review'> = async (item) => {
  const { serviceId, rating, feedback } = item.payload;
  const body = await api
    .post(`profession/add-feedback/${encodeURIComponent(serviceId)}`, {
      json: { rating, feedback, client: item.ownerId },
      headers: { 'Idempotency-Key': item.key },
    })
    .json<ApiEnvelope<ServiceRecord>>();
  if (!body.data) throw new OutboxItemRefused(body.message || feedbackFailedMessage());
  await putService(body.data).catch(() => undefined);
  return { message: body.message, data: body.data };
};
