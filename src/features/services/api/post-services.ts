import type { ReviewFormValues } from '@/domain/review-form';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { postToOutbox, type PostOutcome } from '@/lib/outbox/outbox';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { discardWaitingEdits } from '@/lib/outbox/replace-waiting';
import { serviceCategoryName } from '@/domain/service-category';
import { m } from '@/i18n/generated/messages.js';
import { getService, removeService } from '../db/services-db';
import { feedbackFailedMessage } from './service-senders';

/**
 * The services feature's writes from its pages: offers and reviews take the outbox's path (`useOutboxPost` or
 * `postToOutbox`: queue, then send at once), so one made offline, or cut off by a lost connection, is sent later
 * exactly once (each attempt carries the item's Idempotency-Key). So are edits, a newer edit of a service replacing
 * an older one that still waits. A delete needs the network. How each item is sent is in ./service-senders.ts.
 */

export { publishFailedMessage, updateFailedMessage } from './service-senders';

/** Whether an outbox item is an edit of this service (a newer edit replaces it). */
export const sameService = (serviceId: string) => (item: OutboxItem<'service-edit'>) =>
  item.payload.serviceId === serviceId;

/**
 * DELETE /profession/delete/{serviceId}; needs the network (a delete is not queued). The service leaves the
 * mirror at once, and edits of it still waiting on this phone go too: they could only be refused.
 */
export async function deleteService(ownerId: string, serviceId: string): Promise<void> {
  await api.delete(`profession/delete/${encodeURIComponent(serviceId)}`).json<ApiEnvelope<unknown>>();
  await removeService(serviceId).catch(() => undefined);
  await discardWaitingEdits('service-edit', ownerId, sameService(serviceId)).catch(() => undefined);
}

/**
 * Queues a review and sends it at once (the reviews dialog is shared UI, so its post path is here): the outcome of
 * the first attempt, as every form gets it. `replaces` is a refused review taken back from the outbox to fix.
 */
export async function addFeedback(
  values: ReviewFormValues,
  clientId: string,
  replaces?: number | undefined,
): Promise<PostOutcome> {
  const reviewed = await getService(values.serviceId).catch(() => undefined);
  return postToOutbox({
    kind: 'review',
    ownerId: clientId,
    label: reviewed
      ? m.services_review_label({ category: serviceCategoryName(reviewed.category), provider: reviewed.provider.name })
      : m.services_review_label_unknown(),
    payload: { ...values, ...(reviewed ? { providerId: reviewed.provider._id } : {}) },
    replaces,
    notSavedMessage: feedbackFailedMessage(),
  });
}
