import { rentCategoryName, type RentPost, type RentStatus } from '@/domain/rent-post';
import type { EditRentPost, RentPostFormValues } from '@/domain/rent-post-form';
import type { ApiEnvelope } from '@/domain/user';
import { locative } from '@/i18n/case-endings';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { api } from '@/lib/api-client';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { OutboxItemRefused, type OutboxSender } from '@/lib/outbox/outbox-processor';
import { isRentPost, putRentPost } from '../db/rent-db';
import { uploadRemainingPhotos } from './rent-post-writes';

/**
 * How the outbox sends a poster's changes to an ad (issue 21): an edit (its new photos first, then
 * `PATCH /rent/update/{id}`) and Booked or Active (`PATCH /rent/status/{id}`), each with its item's Idempotency-Key,
 * so a retry after a lost answer is not written again over a later change. The answer goes into the mirror: other
 * phones get it through the delta sync. Like the services' edits, a newer change of one ad replaces an older one
 * that still waits (the pages pass `sameRentAd`).
 */

/** Whether an outbox item is a change of this ad (a newer one of the same kind replaces it). */
export const sameRentAd =
  (postId: string) =>
  (item: OutboxItem<'rent-edit'> | OutboxItem<'rent-status'>): boolean =>
    item.payload.postId === postId;

/** How the outbox names a queued edit (in the language of the moment it was queued: the label is kept with it). */
export function rentEditLabel(fields: RentPostFormValues): string {
  return m.rent_edit_label({
    category: rentCategoryName(fields.category),
    address: fields.addressLine,
    addressIn: locative(fields.addressLine, getLocale()),
  });
}

export function rentStatusLabel(post: Pick<RentPost, 'category' | 'addressLine'>, status: RentStatus): string {
  const ad = m.rent_edit_label({
    category: rentCategoryName(post.category),
    address: post.addressLine,
    addressIn: locative(post.addressLine, getLocale()),
  });
  return status === 'Booked' ? m.rent_manage_booked_label({ ad }) : m.rent_manage_available_label({ ad });
}

export const sendRentEdit: OutboxSender<'rent-edit'> = async (item, context) => {
  const { postId, fields, keptImageUrls } = item.payload;
  const uploaded = item.files.length > 0 ? await uploadRemainingPhotos(item, context) : [];
  const imageUrls = [...keptImageUrls, ...uploaded];
  if (imageUrls.length === 0) throw new OutboxItemRefused(m.rent_images_required());
  const payload: EditRentPost = { ...fields, imageUrls };
  const body = await api
    .patch(`rent/update/${encodeURIComponent(postId)}`, { json: payload, headers: { 'Idempotency-Key': item.key } })
    .json<ApiEnvelope<RentPost>>();
  if (!body.data) throw new OutboxItemRefused(body.message || m.rent_edit_failed());
  await putRentPost(body.data).catch(() => undefined);
  return { message: body.message || m.rent_edit_saved(), data: body.data };
};

export const sendRentStatus: OutboxSender<'rent-status'> = async (item) => {
  const { postId, status } = item.payload;
  const body = await api
    .patch(`rent/status/${encodeURIComponent(postId)}`, { json: { status }, headers: { 'Idempotency-Key': item.key } })
    .json<ApiEnvelope<RentPost>>();
  if (!body.data) throw new OutboxItemRefused(body.message || m.rent_manage_status_failed());
  await putRentPost(body.data).catch(() => undefined);
  return { message: body.message, data: body.data };
};

/** The poster's own ads, listed or not (`GET /rent/my-posts`): the profile asks about the stale ones. */
export async function fetchOwnRentPosts(signal?: AbortSignal): Promise<RentPost[]> {
  const body = await api.get('rent/my-posts', signal ? { signal } : {}).json<ApiEnvelope<unknown>>();
  return Array.isArray(body.data) ? body.data.filter(isRentPost) : [];
}
