import * as v from 'valibot';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH, RATING_MAX, RATING_MIN } from './service';

/**
 * A review (accounts spec 5, shell spec 5.4): the feedback dialog's form and the body of
 * `POST /profession/add-feedback/{serviceId}`. The author always comes from the session, never the body.
 */

// Every message is a function: it is read when a rule fails, in the language of that page or request.
const localNumber = (value: number) => localDigits(String(value), getLocale());
const ratingRange = () => m.reviews_rating_range({ min: localNumber(RATING_MIN), max: localNumber(RATING_MAX) });
const feedbackTooShort = () => m.reviews_feedback_too_short({ min: localNumber(FEEDBACK_MIN_LENGTH) });
const serviceRequired = () => m.reviews_service_required();

const rating = v.pipe(
  v.number(() => m.reviews_rating_required()),
  v.integer(ratingRange),
  v.minValue(RATING_MIN, ratingRange),
  v.maxValue(RATING_MAX, ratingRange),
);

const feedback = v.pipe(
  v.string(feedbackTooShort),
  v.trim(),
  v.minLength(FEEDBACK_MIN_LENGTH, feedbackTooShort),
  v.maxLength(FEEDBACK_MAX_LENGTH, () => m.reviews_feedback_too_long({ max: localNumber(FEEDBACK_MAX_LENGTH) })),
);

export const reviewFormSchema = v.object({
  serviceId: v.pipe(v.string(serviceRequired), v.nonEmpty(serviceRequired)),
  rating,
  feedback,
});
export type ReviewFormInput = v.InferInput<typeof reviewFormSchema>;
export type ReviewFormValues = v.InferOutput<typeof reviewFormSchema>;

/** The API body: serviceId is in the path; `client` is accepted as the spec sends it and ignored. */
export const reviewPayloadSchema = v.strictObject({
  rating,
  feedback,
  serviceId: v.optional(v.string()),
  client: v.optional(v.string()),
});
export type ReviewPayload = v.InferOutput<typeof reviewPayloadSchema>;
