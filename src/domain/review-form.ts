import * as v from 'valibot';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH, RATING_MAX, RATING_MIN } from './service';

/**
 * A review (accounts spec 5, shell spec 5.4): the feedback dialog's form and the body of
 * `POST /profession/add-feedback/{serviceId}`. The author always comes from the session, never the body.
 */

const rating = v.pipe(
  v.number('Please give a rating.'),
  v.integer('Rating must be between 1 and 5.'),
  v.minValue(RATING_MIN, 'Rating must be between 1 and 5.'),
  v.maxValue(RATING_MAX, 'Rating must be between 1 and 5.'),
);

const feedback = v.pipe(
  v.string('Feedback must be at least 10 characters.'),
  v.trim(),
  v.minLength(FEEDBACK_MIN_LENGTH, 'Feedback must be at least 10 characters.'),
  v.maxLength(FEEDBACK_MAX_LENGTH, 'Feedback cannot exceed 500 characters.'),
);

export const reviewFormSchema = v.object({
  serviceId: v.pipe(v.string('Please select a service category.'), v.nonEmpty('Please select a service category.')),
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
