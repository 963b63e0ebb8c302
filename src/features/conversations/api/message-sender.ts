import * as v from 'valibot';
import { MESSAGE_MAX_LENGTH, MESSAGE_MIN_LENGTH, type MessageRecord } from '@/domain/conversation';
import { GENERIC_REFUSAL, UNREADABLE_OUTBOX_ITEM_MESSAGE } from '@/domain/outbox';
import { api } from '@/lib/api-client';
import { OutboxItemRefused, type OutboxSender } from '@/lib/outbox/outbox-senders';

/**
 * How the outbox sends a message (issue 42, point 3): `POST /conversations/{id}/messages` with the item's key as its
 * `clientId`, kept with the item from the moment it was queued, so that a retry after a lost answer, or the service
 * worker sending what a tab already sent, gets the first message back and adds none. Runs in the service worker too.
 *
 * The outbox does not look inside a message's payload (src/domain/outbox-payloads.ts): the shape is here, in the
 * sender's own chunk, which the thread also reads waiting messages with. The code every form page loads knows the
 * kind by its name only.
 */

export const queuedMessageShape = v.strictObject({
  conversationId: v.pipe(v.string(), v.nonEmpty()),
  text: v.pipe(v.string(), v.minLength(MESSAGE_MIN_LENGTH), v.maxLength(MESSAGE_MAX_LENGTH)),
});

export type QueuedMessage = v.InferOutput<typeof queuedMessageShape>;

/** A message's payload read back, or undefined when it is not of a message's shape (another version's, or damaged). */
export function readQueuedMessage(payload: unknown): QueuedMessage | undefined {
  const result = v.safeParse(queuedMessageShape, payload);
  return result.success ? result.output : undefined;
}

export const sendMessageItem: OutboxSender<'message'> = async (item) => {
  const queued = readQueuedMessage(item.payload);
  if (!queued) throw new OutboxItemRefused(UNREADABLE_OUTBOX_ITEM_MESSAGE);
  const answer = await api
    .post(`conversations/${encodeURIComponent(queued.conversationId)}/messages`, {
      json: { clientId: item.key, text: queued.text },
    })
    .json<{ message: string; data?: MessageRecord }>();
  if (!answer.data) throw new OutboxItemRefused(answer.message || GENERIC_REFUSAL);
  return { message: answer.message, data: answer.data };
};
