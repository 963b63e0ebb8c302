import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from './constants';
import { labelText, nameText, TOO_LONG_MESSAGE } from './fields';
import { EMAIL_PATTERN, PHONE_PATTERN } from './patterns';

/**
 * The landing page's feedback form (shell spec 2.5 and 5.1), also the body of POST /api/v1/feedback.
 * The form validates on submit, then again on every change.
 */

export const FEEDBACK_MESSAGE_MIN_LENGTH = 10;
export const FEEDBACK_MESSAGE_MAX_LENGTH = 2000;
export const FEEDBACK_MESSAGE_ROWS = 6;
/** The form clears this long after submitting (shell spec, section 9). */
export const FEEDBACK_RESET_DELAY_MS = 1000;

const required = (message: string, maxLength: number) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(maxLength, TOO_LONG_MESSAGE));

export const landingFeedbackSchema = v.strictObject({
  name: nameText('Name is required', NAME_MAX_LENGTH),
  email: v.pipe(
    required('Email is required', EMAIL_MAX_LENGTH),
    v.regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  ),
  contact: v.pipe(
    required('Contact number is required', PHONE_MAX_LENGTH),
    v.regex(PHONE_PATTERN, 'Please enter a valid phone number'),
  ),
  subject: labelText('Subject is required', SHORT_TEXT_MAX_LENGTH),
  message: v.pipe(
    required('Message is required', FEEDBACK_MESSAGE_MAX_LENGTH),
    v.minLength(FEEDBACK_MESSAGE_MIN_LENGTH, 'Message must be at least 10 characters'),
  ),
});

export type LandingFeedbackInput = v.InferInput<typeof landingFeedbackSchema>;
export type LandingFeedback = v.InferOutput<typeof landingFeedbackSchema>;

export const EMPTY_LANDING_FEEDBACK: LandingFeedbackInput = {
  name: '',
  email: '',
  contact: '',
  subject: '',
  message: '',
};
