import { UPLOAD_TIMEOUT_MS } from '@/domain/constants';
import type { ReviewFormValues } from '@/domain/review-form';
import type { ServiceRecord } from '@/domain/service';
import type { EditServiceValues, NewServiceValues } from '@/domain/service-form';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { putService } from '../db/services-db';

/**
 * Every write of the services feature, in one place: offers, edits, cover uploads and reviews. Each answer
 * updates the Dexie mirror at once. The offline outbox (idempotency keys, retries) will wrap these calls.
 */

/** POST /image/upload-services (multipart field serviceImages): the stored cover's URL (data.urls[0]). */
export async function uploadServiceCover(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('serviceImages', file, 'cover');
  const body = await api
    .post('image/upload-services', { body: form, timeout: UPLOAD_TIMEOUT_MS })
    .json<ApiEnvelope<{ urls: string[] }>>();
  const url = body.data?.urls[0];
  if (!url) throw new Error('Failed to upload cover image.');
  return url;
}

/** POST /profession/create-profile/{userId}: sent with provider, status active and no ratings (spec, section 3). */
export async function createService(userId: string, values: NewServiceValues): Promise<ServiceRecord> {
  const body = await api
    .post(`profession/create-profile/${encodeURIComponent(userId)}`, {
      json: { ...values, provider: userId, status: 'active', ratings: [] },
    })
    .json<ApiEnvelope<ServiceRecord>>();
  if (!body.data) throw new Error(body.message || 'An error occurred while publishing the service.');
  await putService(body.data);
  return body.data;
}

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

/** POST /profession/add-feedback/{serviceId}: the author is the session's user (the server ignores `client`). */
export async function addFeedback(values: ReviewFormValues, clientId: string): Promise<ServiceRecord> {
  const body = await api
    .post(`profession/add-feedback/${encodeURIComponent(values.serviceId)}`, {
      json: { rating: values.rating, feedback: values.feedback, client: clientId },
    })
    .json<ApiEnvelope<ServiceRecord>>();
  if (!body.data) throw new Error(body.message || 'Failed to submit feedback.');
  await putService(body.data);
  return body.data;
}
