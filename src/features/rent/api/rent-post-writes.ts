import type { NewRentPost, RentPost, RentPostFormValues } from '@/domain/rent-post';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { putRentPost, removeRentPost } from '../db/rent-db';

/**
 * Every change to rent posts goes through here: publishing an ad (photos first, then the post) and deleting
 * one. The mirror is updated as soon as the server agrees. The offline outbox (a later issue) takes over these
 * two functions' bodies; the pages keep calling them as they are.
 */

export const IMAGE_UPLOAD_FAILED_MESSAGE = 'Failed to upload property images.';
export const POST_FAILED_MESSAGE = 'Failed to post property ad. Please try again.';

/** Sends the photos as repeated `propertyImage` fields; answers the large photos' URLs. */
export async function uploadPropertyImages(files: readonly File[], onProgress: (fraction: number) => void) {
  const form = new FormData();
  for (const file of files) form.append('propertyImage', file, file.name);
  const body = await uploadWithProgress<{ urls: string[] }>('image/upload-properties', form, onProgress);
  if (!body.data?.urls?.length) throw new Error(IMAGE_UPLOAD_FAILED_MESSAGE);
  return body.data.urls;
}

export async function createRentPost(fields: RentPostFormValues, imageUrls: string[]): Promise<ApiEnvelope<RentPost>> {
  const payload: NewRentPost = { ...fields, imageUrls };
  const body = await api.post('rent/create', { json: payload }).json<ApiEnvelope<RentPost>>();
  if (body.data) await putRentPost(body.data).catch(() => undefined);
  return body;
}

export async function deleteRentPost(id: string): Promise<void> {
  await api.delete(`rent/delete/${encodeURIComponent(id)}`).json<ApiEnvelope<unknown>>();
  await removeRentPost(id).catch(() => undefined);
}
