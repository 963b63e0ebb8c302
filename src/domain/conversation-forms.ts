import * as v from 'valibot';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { CLIENT_ID_MAX_LENGTH, MESSAGE_MAX_LENGTH, MESSAGE_MIN_LENGTH } from './conversation';
import { LISTING_KINDS } from './listing-kinds';

/**
 * The bodies of the conversations API (issue 42), read by the server and the app alike, with the words they refuse
 * in. A message's length counts characters as a person sees them (code points), not UTF-16 units, so a Bangla
 * message or one with emoji is held to the same 2,000 as an English one.
 */

const localNumber = (value: number) => localDigits(String(value), getLocale());
const messageLength = () =>
  m.conversations_message_length({ min: localNumber(MESSAGE_MIN_LENGTH), max: localNumber(MESSAGE_MAX_LENGTH) });

/** Characters as a person counts them. */
export function messageLengthOf(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** `POST /api/v1/conversations`. */
export const newConversationSchema = v.strictObject({
  listingKind: v.picklist(LISTING_KINDS, () => m.conversations_listing_kind_invalid()),
  listingId: v.pipe(
    v.string(() => m.conversations_listing_required()),
    v.nonEmpty(() => m.conversations_listing_required()),
  ),
});
export type NewConversationValues = v.InferOutput<typeof newConversationSchema>;

/** A clientId: printable ASCII without spaces (an outbox uuid fits). */
const CLIENT_ID_PATTERN = /^[\x21-\x7e]+$/;

/** `POST /api/v1/conversations/{id}/messages`. */
export const newMessageSchema = v.strictObject({
  clientId: v.pipe(
    v.string(() => m.conversations_client_id_invalid()),
    v.minLength(1, () => m.conversations_client_id_invalid()),
    v.maxLength(CLIENT_ID_MAX_LENGTH, () => m.conversations_client_id_invalid()),
    v.regex(CLIENT_ID_PATTERN, () => m.conversations_client_id_invalid()),
  ),
  text: v.pipe(
    v.string(messageLength),
    v.trim(),
    v.check((text) => {
      const length = messageLengthOf(text);
      return length >= MESSAGE_MIN_LENGTH && length <= MESSAGE_MAX_LENGTH;
    }, messageLength),
  ),
});
export type NewMessageValues = v.InferOutput<typeof newMessageSchema>;

/** `POST /api/v1/conversations/{id}/read`: the `seq` of the last message read. */
export const readMarkSchema = v.strictObject({
  upTo: v.pipe(
    v.number(() => m.conversations_read_mark_invalid()),
    v.safeInteger(() => m.conversations_read_mark_invalid()),
    v.minValue(0, () => m.conversations_read_mark_invalid()),
  ),
});
export type ReadMarkValues = v.InferOutput<typeof readMarkSchema>;
