import * as v from 'valibot';
import { localDigits, toLatinDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from './constants';
import { labelText, nameText, TOO_LONG_MESSAGE, type RuleMessage } from './fields';
import { EMAIL_PATTERN, PHONE_PATTERN } from './patterns';

/**
 * The landing page's feedback form (shell spec 2.5 and 5.1), also the body of POST /api/v1/feedback.
 * The form validates on submit, then again on every change. Messages are catalog functions, read when a rule
 * fails, so the form and the server answer in the language of that moment.
 */

export const FEEDBACK_MESSAGE_MIN_LENGTH = 10;
export const FEEDBACK_MESSAGE_MAX_LENGTH = 2000;
export const FEEDBACK_MESSAGE_ROWS = 6;
/** The form clears this long after submitting (shell spec, section 9). */
export const FEEDBACK_RESET_DELAY_MS = 1000;

const required = (message: RuleMessage, maxLength: number) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(maxLength, TOO_LONG_MESSAGE));

export const landingFeedbackSchema = v.strictObject({
  name: nameText(() => m.site_feedback_name_required(), NAME_MAX_LENGTH),
  email: v.pipe(
    required(() => m.site_feedback_email_required(), EMAIL_MAX_LENGTH),
    v.regex(EMAIL_PATTERN, () => m.site_feedback_email_invalid()),
  ),
  // A Bangla phone keyboard types Bangla digits (০১৭১২...): they are the same number.
  contact: v.pipe(
    v.string(() => m.site_feedback_contact_required()),
    v.transform(toLatinDigits),
    required(() => m.site_feedback_contact_required(), PHONE_MAX_LENGTH),
    v.regex(PHONE_PATTERN, () => m.site_feedback_contact_invalid()),
  ),
  subject: labelText(() => m.site_feedback_subject_required(), SHORT_TEXT_MAX_LENGTH),
  message: v.pipe(
    required(() => m.site_feedback_message_required(), FEEDBACK_MESSAGE_MAX_LENGTH),
    v.minLength(FEEDBACK_MESSAGE_MIN_LENGTH, () =>
      m.site_feedback_message_too_short({ min: localDigits(String(FEEDBACK_MESSAGE_MIN_LENGTH), getLocale()) }),
    ),
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
