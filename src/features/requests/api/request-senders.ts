import { GENERIC_REFUSAL } from '@/domain/outbox';
import { OutboxItemRefused, type OutboxSender } from '@/lib/outbox/outbox-senders';
import { actOnRequest, sendRequest } from './requests-api';

/**
 * How the outbox sends requests (issue 41, point 4): a new one (`POST /requests`) and a move on one
 * (`PATCH /requests/{id}`), each with its item's own Idempotency-Key, kept with the item from the moment it was
 * queued: a retry after a lost answer, or the service worker sending what a tab already sent, gets the first
 * answer back and is not a second request or a second move. A move the request no longer allows is a 409, which the
 * outbox shows as a refusal in the server's words. Runs in the service worker too (no window, no document). An answer
 * without its request is refused with the outbox's own words (shown in the page's language): words of the pages'
 * here would go with both chunks into the code every form page loads.
 */

export const sendRequestItem: OutboxSender<'request'> = async (item) => {
  const answer = await sendRequest(item.payload, item.key);
  if (!answer.data) throw new OutboxItemRefused(answer.message || GENERIC_REFUSAL);
  return { message: answer.message, data: answer.data };
};

export const sendRequestAction: OutboxSender<'request-action'> = async (item) => {
  const { requestId, ...change } = item.payload;
  const answer = await actOnRequest(requestId, change, item.key);
  if (!answer.data) throw new OutboxItemRefused(answer.message || GENERIC_REFUSAL);
  return { message: answer.message, data: answer.data };
};
