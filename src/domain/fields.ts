import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH, URL_MAX_LENGTH } from './constants';
import { EMAIL_PATTERN, PHONE_PATTERN } from './patterns';

/** Field builders shared by the form and payload schemas, so a rule and its message are written once. */

export const TOO_LONG_MESSAGE = 'This text is too long';

/** A rule's message: a text, or a function read when the rule fails (a catalog message, in that moment's language). */
export type RuleMessage = string | (() => string);

/** A required, trimmed text with the spec's message when empty and a length cap. */
export function requiredText(message: RuleMessage, maxLength: number) {
  return v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(maxLength, TOO_LONG_MESSAGE));
}

/**
 * A choice among `options` that a form starts without: its input may also be '' (nothing chosen yet, as an empty
 * select holds it), which is refused with `message` like any value that is not one of the options.
 */
export function requiredChoice<const Options extends readonly [string, ...string[]]>(
  options: Options,
  message: RuleMessage,
) {
  return v.pipe(v.union([v.literal(''), v.picklist(options)], message), v.picklist(options, message));
}

/**
 * Format characters (Unicode Cf: zero-width spaces, bidi overrides and isolates, soft hyphens) draw nothing or
 * reorder what follows, so a name made of them looks empty or like someone else's. The two joiners stay
 * allowed: Bangla spellings (র‍্য) and emoji sequences need them between visible letters.
 */
const HIDDEN_FORMAT_CHARACTER = /(?![\u200c\u200d])\p{Cf}/u;
export const HIDDEN_CHARACTER_MESSAGE = 'Please remove invisible or direction-changing characters';

export function hasHiddenFormatCharacter(value: string): boolean {
  return HIDDEN_FORMAT_CHARACTER.test(value);
}

/**
 * A person's name, as others see it beside reviews, ads and services: required text without hidden format
 * characters, holding at least one letter (so joiners alone are no name).
 */
export function nameText(requiredMessage: string, maxLength: number) {
  return v.pipe(
    requiredText(requiredMessage, maxLength),
    v.check((value) => !hasHiddenFormatCharacter(value), HIDDEN_CHARACTER_MESSAGE),
    // An empty value already has its message from requiredText.
    v.check((value) => value === '' || /\p{L}/u.test(value), requiredMessage),
  );
}

/** A short label shown as a title (a subject, an occupation): required text without hidden format characters. */
export function labelText(requiredMessage: string, maxLength: number) {
  return v.pipe(
    requiredText(requiredMessage, maxLength),
    v.check((value) => !hasHiddenFormatCharacter(value), HIDDEN_CHARACTER_MESSAGE),
    v.check((value) => value === '' || /[\p{L}\p{N}]/u.test(value), requiredMessage),
  );
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

export function phoneField(requiredMessage: RuleMessage) {
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
