import type { LandingFeedback } from '@/domain/landing-feedback-form';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { enqueueOutboxItem, sendOutboxItemNow, type FirstAttempt } from '@/lib/outbox/outbox';
import type { OutboxSender } from '@/lib/outbox/outbox-processor';

/**
 * The landing and contact pages' message to the Basha team. It takes the outbox's path like every post
 * (queue, then send at once), as a visitor's post (no owner): a message written offline is sent, once, when
 * the connection returns.
 */

export const FEEDBACK_SEND_FAILED_MESSAGE = 'Your message could not be sent. Please try again.';

/** Saves the message in the outbox; answers the item's id. Throws OutboxStorageFull. */
export async function queueLandingFeedback(feedback: LandingFeedback): Promise<number> {
  const item = await enqueueOutboxItem({
    kind: 'landing-feedback',
    ownerId: null,
    label: `Message: ${feedback.subject}`,
    payload: { ...feedback },
  });
  return item.id;
}

export function publishLandingFeedback(itemId: number): Promise<FirstAttempt> {
  return sendOutboxItemNow(itemId);
}

/** The outbox's step for a landing message: POST /feedback with the item's Idempotency-Key. */
export const sendLandingFeedbackItem: OutboxSender = async (item) => {
  const feedback = item.payload as unknown as LandingFeedback;
  const body = await api
    .post('feedback', { json: feedback, headers: { 'Idempotency-Key': item.key } })
    .json<ApiEnvelope<{ _id: string }>>();
  return { message: body.message, data: body.data };
};
