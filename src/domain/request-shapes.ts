import * as v from 'valibot';
import { REQUEST_ACTIONS, REQUEST_KINDS, TIMES_OF_DAY } from './request-constants';

/**
 * The shapes of a request's two bodies, as the outbox keeps them (src/domain/outbox-payloads.ts): a new request
 * (`POST /requests`) and a move on one (`PATCH /requests/{requestId}`, with the request's id). The bodies' rules and
 * their words are ./request-status.ts's schemas, which the sheet and the page check before queueing and the server
 * checks again; the outbox only checks that what it reads back is of this shape. Kept apart so that the forms' words
 * stay off the code every form page loads with the outbox's storage (scripts/build/shared-chunk.ts); a test holds the
 * shapes to the schemas' fields.
 */

export const newRequestShape = v.strictObject({
  kind: v.picklist(REQUEST_KINDS),
  listingId: v.string(),
  date: v.string(),
  timeOfDay: v.picklist(TIMES_OF_DAY),
  placeId: v.optional(v.string()),
  note: v.string(),
  offeredPrice: v.optional(v.number()),
});

export const requestActionShape = v.strictObject({
  requestId: v.string(),
  action: v.picklist(REQUEST_ACTIONS),
  price: v.optional(v.number()),
  reason: v.optional(v.string()),
});
