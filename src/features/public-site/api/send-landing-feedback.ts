import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import type { OutboxSender } from '@/lib/outbox/outbox-processor';

/**
 * The landing and contact pages' message to the Basha team. It takes the outbox's path like every post
 * (the form's `useOutboxPost`: queue, then send at once), as a visitor's post (no owner): a message written offline is sent, once, when
 * the connection returns.
 */

/** The outbox's step for a landing message: POST /feedback with the item's Idempotency-Key. */
export const sendLandingFeedbackItem: OutboxSender<'landing-feedback'> = async (item) => {
  const body = await api
    .post('feedback', { json: item.payload, headers: { 'Idempotency-Key': item.key } })
    .json<ApiEnvelope<{ _id: string }>>();
  return { message: body.message, data: body.data };
};
