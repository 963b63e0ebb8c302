import { rentCategoryName, type RentPost, type RentStatus } from '@/domain/rent-post';
import type { RentPostFormValues } from '@/domain/rent-post-form';
import { locative } from '@/i18n/case-endings';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import type { OutboxItem } from '@/lib/outbox/outbox-db';

/**
 * What the rent pages say of their outbox items and how they match them, apart from the senders
 * (./rent-post-writes.ts, ./rent-manage-writes.ts): those bring the outbox's storage and the mirror, which a form
 * loads only when it posts.
 */

/** How the outbox names a queued ad (in the language of the moment it was queued: the label is kept with it). */
export function rentAdLabel(fields: RentPostFormValues): string {
  return m.rent_ad_label({
    category: rentCategoryName(fields.category),
    address: fields.addressLine,
    city: fields.city,
  });
}

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
