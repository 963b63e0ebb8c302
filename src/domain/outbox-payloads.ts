import * as v from 'valibot';
import { landingFeedbackSchema } from './landing-feedback-form';
import type { OutboxKind } from './outbox';
import { editProfileSchema } from './profile-form';
import { RENT_STATUSES } from './rent-post';
import { rentEditFieldsSchema, rentPostFieldsSchema } from './rent-post-form';
import { newRequestShape, requestActionShape } from './request-shapes';
import { reviewFormSchema } from './review-form';
import { savedTogglePayloadSchema } from './saved';
import { editServiceSchema, queuedServiceOfferSchema } from './service-form';

/**
 * The payload of a kind whose feature checks it with a shape of its own, which loads with the feature's chunks (its
 * sender's and its pages'): the outbox keeps, lists and sends the item without looking inside, and the sender refuses
 * one not of its shape as unreadable. For the kinds from issue 42 on: each kind's schema here went into the code
 * every form page loads (scripts/build/route-preloads-build.test.ts), and those pages are at their ceilings.
 */
const checkedByItsFeature = v.unknown();

/**
 * What each kind of outbox item keeps, as the schema its form already validates with. Items live in IndexedDB
 * across app versions, so every read checks its payload against these (src/lib/outbox/outbox-db.ts); the kind's
 * sender (src/app/offline/outbox-kinds.ts) gets the checked value, typed. Kept apart from ./outbox.ts, which
 * the service worker and the waiting badge import: only code that reads or writes items carries the forms' rules.
 */
export const OUTBOX_PAYLOADS = {
  /** The ad's fields; its photos are the item's files. */
  'rent-ad': v.object({ fields: rentPostFieldsSchema }),
  /** The offer; its cover, if any, is the item's one file. Its places may be missing in one queued by an older version. */
  'service-offer': v.object({ userId: v.string(), values: queuedServiceOfferSchema }),
  /** `providerId` (whose service it is) lets Edit open the provider's page. */
  review: v.object({ ...reviewFormSchema.entries, providerId: v.optional(v.string()) }),
  'landing-feedback': landingFeedbackSchema,
  /**
   * Every editable field; the cover is the one the service keeps (`keptCover`), a new one (the item's one file),
   * or none. `category` names the service in the outbox's label and the page's title.
   */
  'service-edit': v.object({
    serviceId: v.string(),
    category: v.string(),
    values: editServiceSchema,
    keptCover: v.nullable(v.string()),
  }),
  /** Every editable field; a new photo, if any, is the item's one file. */
  'profile-edit': v.object({ userId: v.string(), values: editProfileSchema }),
  /**
   * Every field of the ad; its photos are the ones it keeps (`keptImageUrls`, in order) then the item's files, which
   * are new. `keptStartDate` is the ad's start date when the edit began, which the edit may keep though it passed.
   */
  'rent-edit': v.object({
    postId: v.string(),
    fields: rentEditFieldsSchema(''),
    keptStartDate: v.string(),
    keptImageUrls: v.array(v.string()),
  }),
  /** Booked or Active (Active also confirms a stale ad). */
  'rent-status': v.object({ postId: v.string(), status: v.picklist(RENT_STATUSES) }),
  /** A heart toggled on a rent ad or a service: the state last chosen (a newer toggle replaces a waiting one). */
  saved: savedTogglePayloadSchema,
  /**
   * A request for a job or a visit (the body of `POST /requests`), and one move on a request (the body of
   * `PATCH /requests/{requestId}`). Their forms check them with ./request-status.ts's schemas before queueing; these
   * are the bodies' shapes, without the forms' words, which the shared code that reads items would carry to every form.
   */
  request: newRequestShape,
  'request-action': requestActionShape,
  /** A message in a conversation (issue 42): its conversation and text, checked by its feature (see below). */
  message: checkedByItsFeature,
} satisfies Record<OutboxKind, v.GenericSchema>;

export type OutboxPayload<K extends OutboxKind> = v.InferOutput<(typeof OUTBOX_PAYLOADS)[K]>;

/**
 * A stored payload checked against its kind's schema, or undefined when it is not of that shape (written by an
 * older version, or damaged): such an item is never sent. A value of the right shape that breaks a rule (a start
 * date that has passed since it was queued) is still the kind's payload: the server judges it, and a refusal
 * comes back to the person with its reason, to edit or discard.
 */
export function readOutboxPayload<K extends OutboxKind>(kind: K, value: unknown): OutboxPayload<K> | undefined {
  const schema: v.GenericSchema<unknown, OutboxPayload<K>> = OUTBOX_PAYLOADS[kind];
  const result = v.safeParse(schema, value);
  return result.typed ? result.output : undefined;
}
