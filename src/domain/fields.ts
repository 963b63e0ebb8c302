import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH, URL_MAX_LENGTH } from './constants';
import { EMAIL_PATTERN, PHONE_PATTERN } from './patterns';

/** Field builders shared by the form and payload schemas, so a rule and its message are written once. */

export const TOO_LONG_MESSAGE = 'This text is too long';

/** A required, trimmed text with the spec's message when empty and a length cap. */
export function requiredText(message: string, maxLength: number) {
  return v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(maxLength, TOO_LONG_MESSAGE));
}

/** An optional trimmed text: blank becomes undefined. */
export function optionalText(maxLength: number) {
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(maxLength, TOO_LONG_MESSAGE),
      v.transform((value) => (value === '' ? undefined : value)),
    ),
  );
}

export function emailField(requiredMessage: string) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(EMAIL_MAX_LENGTH, 'Please enter a valid email address'),
    v.regex(EMAIL_PATTERN, 'Please enter a valid email address'),
    v.toLowerCase(),
  );
}

export function phoneField(requiredMessage: string) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(PHONE_MAX_LENGTH, 'Please enter a valid phone number'),
    v.regex(PHONE_PATTERN, 'Please enter a valid phone number'),
  );
}

/** An optional http(s) link; blank becomes undefined. */
export const optionalLink = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(URL_MAX_LENGTH, TOO_LONG_MESSAGE),
    v.check((value) => value === '' || isHttpUrl(value), 'Please enter a valid link starting with https://'),
    v.transform((value) => (value === '' ? undefined : value)),
  ),
);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
