import { UPLOAD_TIMEOUT_MS } from '@/domain/constants';
import { queuedMessage } from '@/domain/outbox';
import type { ReviewFormValues } from '@/domain/review-form';
import type { ServiceRecord } from '@/domain/service';
import type { EditServiceValues, NewServiceValues } from '@/domain/service-form';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { discardOutboxItem, enqueueOutboxItem, sendOutboxItemNow, type FirstAttempt } from '@/lib/outbox/outbox';
import { OutboxItemRefused, type OutboxSender } from '@/lib/outbox/outbox-processor';
import { getService, putService } from '../db/services-db';

/**
 * Every write of the services feature, in one place: offers, edits, cover uploads and reviews. Offers and
 * reviews take the outbox's path (queue, then send at once), so one made offline, or cut off by a lost
 * connection, is sent later exactly once (each attempt carries the item's Idempotency-Key). Edits need the
 * network. Each answer updates the Dexie mirror at once.
 */

export const COVER_UPLOAD_FAILED_MESSAGE = 'Failed to upload cover image.';
export const PUBLISH_FAILED_MESSAGE = 'An error occurred while publishing the service.';
export const FEEDBACK_FAILED_MESSAGE = 'Failed to submit feedback.';

/** POST /image/upload-services (multipart field serviceImages): the stored cover's URL (data.urls[0]). */
export async function uploadServiceCover(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('serviceImages', file, 'cover');
  const body = await api
    .post('image/upload-services', { body: form, timeout: UPLOAD_TIMEOUT_MS })
    .json<ApiEnvelope<{ urls: string[] }>>();
  const url = body.data?.urls[0];
  if (!url) throw new OutboxItemRefused(COVER_UPLOAD_FAILED_MESSAGE);
  return url;
}

/** What a queued service offer keeps besides its cover (the item's one file, if any). */
export interface ServiceOfferPayload {
  userId: string;
  values: NewServiceValues;
}

/** Saves the offer, with its cover, in the outbox; answers the item's id. Throws OutboxStorageFull. */
export async function queueServiceOffer(userId: string, values: NewServiceValues, cover?: Blob): Promise<number> {
  const payload: ServiceOfferPayload = { userId, values };
  const item = await enqueueOutboxItem({
    kind: 'service-offer',
    ownerId: userId,
    label: `Service: ${values.category}`,
    payload: { ...payload },
    files: cover ? [cover] : [],
  });
  return item.id;
}

export function publishServiceOffer(itemId: number): Promise<FirstAttempt> {
  return sendOutboxItemNow(itemId);
}

/**
 * The outbox's steps for a service offer: the cover (unless an earlier attempt uploaded it), then
 * POST /profession/create-profile/{userId}, sent with provider, status active and no ratings (spec,
 * section 3). The new service goes into the mirror at once.
 */
export const sendServiceOffer: OutboxSender = async (item, context) => {
  const { userId, values } = item.payload as unknown as ServiceOfferPayload;
  let coverImage = item.progress.coverImage as string | undefined;
  const cover = item.files[0];
  if (cover && !coverImage) {
    coverImage = await uploadServiceCover(cover);
    await context.saveProgress({ coverImage });
  }
  const json = { ...values, ...(coverImage ? { coverImage } : {}), provider: userId, status: 'active', ratings: [] };
  const body = await api
    .post(`profession/create-profile/${encodeURIComponent(userId)}`, {
      json,
      headers: { 'Idempotency-Key': item.key },
    })
    .json<ApiEnvelope<ServiceRecord>>();
  if (!body.data) throw new OutboxItemRefused(body.message || PUBLISH_FAILED_MESSAGE);
  await putService(body.data).catch(() => undefined);
  return { message: body.message, data: body.data };
};

/** PATCH /profession/update-profile/{serviceId}. An omitted cover means it was removed. */
export async function updateService(serviceId: string, values: EditServiceValues): Promise<ServiceRecord> {
  const { coverImage, ...rest } = values;
  const body = await api
    .patch(`profession/update-profile/${encodeURIComponent(serviceId)}`, {
      json: coverImage ? { ...rest, coverImage } : rest,
    })
    .json<ApiEnvelope<ServiceRecord>>();
  if (!body.data) throw new Error(body.message || 'Update failed');
  await putService(body.data);
  return body.data;
}

/** What a queued review keeps. */
export interface ReviewPayload {
  serviceId: string;
  /** Whose service it is, so that Edit can open the provider's page. */
  providerId?: string;
  rating: number;
  feedback: string;
}

/**
 * Queues a review and sends it at once. Resolves with nothing when the server took it, or with the message
 * to show when it waits in the outbox (offline, say); rejects with the server's reason when it was refused
 * (the review is then discarded: the form still holds it).
 */
export async function addFeedback(values: ReviewFormValues, clientId: string): Promise<string | undefined> {
  const reviewed = await getService(values.serviceId).catch(() => undefined);
  const payload: ReviewPayload = {
    serviceId: values.serviceId,
    rating: values.rating,
    feedback: values.feedback,
    ...(reviewed ? { providerId: reviewed.provider._id } : {}),
  };
  const item = await enqueueOutboxItem({
    kind: 'review',
    ownerId: clientId,
    label: reviewed ? `Review of ${reviewed.category} by ${reviewed.provider.name}` : 'Review',
    payload: { ...payload },
  });
  const outcome = await sendOutboxItemNow(item.id);
  if (outcome.type === 'failed') {
    await discardOutboxItem(item.id);
    throw new Error(outcome.message);
  }
  return outcome.type === 'queued' ? queuedMessage('review', outcome.reason) : undefined;
}

/**
 * The outbox's step for a review: POST /profession/add-feedback/{serviceId}. The author is the session's
 * user (the server ignores `client`). The reviewed service, with its new average, goes into the mirror.
 */
export const sendReview: OutboxSender = async (item) => {
  const { serviceId, rating, feedback } = item.payload as unknown as ReviewPayload;
  const body = await api
    .post(`profession/add-feedback/${encodeURIComponent(serviceId)}`, {
      json: { rating, feedback, client: item.ownerId },
      headers: { 'Idempotency-Key': item.key },
    })
    .json<ApiEnvelope<ServiceRecord>>();
  if (!body.data) throw new OutboxItemRefused(body.message || FEEDBACK_FAILED_MESSAGE);
  await putService(body.data).catch(() => undefined);
  return { message: body.message, data: body.data };
};
