import { queuedMessage } from '@/domain/outbox';
import type { ReviewFormValues } from '@/domain/review-form';
import type { ServiceRecord } from '@/domain/service';
import type { EditServiceValues, NewServiceValues } from '@/domain/service-form';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { discardOutboxItem, enqueueOutboxItem, sendOutboxItemNow, type FirstAttempt } from '@/lib/outbox/outbox';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { OutboxItemRefused, type OutboxSender } from '@/lib/outbox/outbox-processor';
import { discardWaitingEdits, enqueueReplacingEdits, latestWaitingEdit } from '@/lib/outbox/replace-waiting';
import { getService, putService, removeService } from '../db/services-db';

/**
 * Every write of the services feature, in one place: offers, edits, cover uploads and reviews. Offers and
 * reviews take the outbox's path (queue, then send at once), so one made offline, or cut off by a lost
 * connection, is sent later exactly once (each attempt carries the item's Idempotency-Key). So are edits, a newer
 * edit of a service replacing an older one that still waits. A delete needs the network. Each answer updates the
 * Dexie mirror at once.
 */

export const COVER_UPLOAD_FAILED_MESSAGE = 'Failed to upload cover image.';
export const PUBLISH_FAILED_MESSAGE = 'An error occurred while publishing the service.';
export const FEEDBACK_FAILED_MESSAGE = 'Failed to submit feedback.';
export const UPDATE_FAILED_MESSAGE = 'An error occurred while updating the service.';

/** POST /image/upload-services (multipart field serviceImages): the stored cover's URL (data.urls[0]). */
export async function uploadServiceCover(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('serviceImages', file, 'cover');
  // Through the upload client: its time limit grows with the bytes (a 5 MB cover on EDGE takes minutes).
  const body = await uploadWithProgress<{ urls: string[] }>('image/upload-services', form, () => undefined, {
    bytes: file.size,
  });
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

/**
 * What a queued service edit keeps. `values` holds every editable field; the cover is the one the service keeps
 * (`keptCover`), a new one (the item's one file), or none.
 */
export interface ServiceEditPayload {
  serviceId: string;
  /** The category, for the outbox's label and the page's title. */
  category: string;
  values: Omit<EditServiceValues, 'coverImage'>;
  keptCover: string | null;
}

const sameService = (serviceId: string) => (item: OutboxItem) =>
  (item.payload as Partial<ServiceEditPayload>).serviceId === serviceId;

/**
 * Saves an edit of a service in the outbox (a newer edit replaces an older one of the same service that waits);
 * answers the item's id. Throws OutboxStorageFull.
 */
export async function queueServiceEdit(
  ownerId: string,
  edit: ServiceEditPayload,
  newCover: Blob | undefined,
): Promise<number> {
  const item = await enqueueReplacingEdits(
    {
      kind: 'service-edit',
      ownerId,
      label: `Changes to your ${edit.category} service`,
      payload: { ...edit },
      files: newCover ? [newCover] : [],
    },
    sameService(edit.serviceId),
  );
  return item.id;
}

/** The newest edit of this service still on this phone (waiting or refused), if any. */
export function waitingServiceEdit(ownerId: string, serviceId: string): Promise<OutboxItem | undefined> {
  return latestWaitingEdit('service-edit', ownerId, sameService(serviceId));
}

/**
 * The outbox's steps for a service edit: the new cover (unless an earlier attempt uploaded it), then
 * PATCH /profession/update-profile/{serviceId} with the item's Idempotency-Key, so that a retry after a lost
 * answer does not write the edit again over a later one. An omitted cover removes it. The answer goes into the
 * mirror.
 */
export const sendServiceEdit: OutboxSender = async (item, context) => {
  const { serviceId, values, keptCover } = item.payload as unknown as ServiceEditPayload;
  let coverImage = (item.progress.coverImage as string | undefined) ?? undefined;
  const cover = item.files[0];
  if (cover && !coverImage) {
    coverImage = await uploadServiceCover(cover);
    await context.saveProgress({ coverImage });
  }
  if (!cover) coverImage = keptCover ?? undefined;
  const body = await api
    .patch(`profession/update-profile/${encodeURIComponent(serviceId)}`, {
      json: coverImage ? { ...values, coverImage } : values,
      headers: { 'Idempotency-Key': item.key },
    })
    .json<ApiEnvelope<ServiceRecord>>();
  if (!body.data) throw new OutboxItemRefused(body.message || UPDATE_FAILED_MESSAGE);
  await putService(body.data).catch(() => undefined);
  return { message: body.message, data: body.data };
};

/**
 * DELETE /profession/delete/{serviceId}; needs the network (a delete is not queued). The service leaves the
 * mirror at once, and edits of it still waiting on this phone go too: they could only be refused.
 */
export async function deleteService(ownerId: string, serviceId: string): Promise<void> {
  await api.delete(`profession/delete/${encodeURIComponent(serviceId)}`).json<ApiEnvelope<unknown>>();
  await removeService(serviceId).catch(() => undefined);
  await discardWaitingEdits('service-edit', ownerId, sameService(serviceId)).catch(() => undefined);
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
