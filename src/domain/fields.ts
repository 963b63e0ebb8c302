import * as v from 'valibot';
import { toLatinDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH, URL_MAX_LENGTH } from './constants';
import { EMAIL_PATTERN, PHONE_PATTERN } from './patterns';
import { normaliseBdPhone } from './phone';
import { isReservedName } from './reserved-names';
import { readTypedDigits, readTypedNumber } from './typed-number';

/** Field builders shared by the form and payload schemas, so a rule and its message are written once. */

/**
 * A rule's message: a function, read when the rule fails, so that it speaks the language of that moment (the
 * page's, or the request's on the server); plain text is still taken.
 */
export type RuleMessage = string | (() => string);

/** The text of a message, in the language of the moment. */
export function messageText(message: RuleMessage): string {
  return typeof message === 'function' ? message() : message;
}

// The shared messages are functions (see RuleMessage), though named like the constants they were: valibot takes either.
export const TOO_LONG_MESSAGE = () => m.form_too_long();

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
 * Characters that draw nothing or reorder what follows, so a name made of them looks empty or like someone else's:
 * format characters (Unicode Cf: zero-width spaces, bidi overrides and isolates, soft hyphens) and the other
 * default-ignorable ones, among them the Hangul fillers (U+3164, U+115F, U+1160, U+FFA0), which are letters that
 * look like nothing. The two joiners stay allowed: Bangla spellings (র‍্য) and emoji sequences need them between
 * visible letters; so do the text and emoji presentation selectors (❤️).
 */
const HIDDEN_CHARACTER = /(?!\u200c|\u200d|\ufe0e|\ufe0f)[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
/** A letter that draws something (a Hangul filler is a letter that does not). */
const VISIBLE_LETTER = /(?!\p{Default_Ignorable_Code_Point})\p{L}/u;
export const HIDDEN_CHARACTER_MESSAGE = () => m.form_hidden_characters();
export const RESERVED_NAME_MESSAGE = () => m.form_name_reserved();

export function hasHiddenFormatCharacter(value: string): boolean {
  return HIDDEN_CHARACTER.test(value);
}

/**
 * A person's name, as others see it beside reviews, ads and services: required text without hidden characters,
 * holding at least one visible letter (so joiners or fillers alone are no name), and not reading as Basha or a
 * moderator, however spelt (./reserved-names.ts).
 */
export function nameText(requiredMessage: RuleMessage, maxLength: number) {
  return v.pipe(
    requiredText(requiredMessage, maxLength),
    v.check((value) => !hasHiddenFormatCharacter(value), HIDDEN_CHARACTER_MESSAGE),
    // An empty value already has its message from requiredText.
    v.check((value) => value === '' || VISIBLE_LETTER.test(value), requiredMessage),
    v.check((value) => !isReservedName(value), RESERVED_NAME_MESSAGE),
  );
}

/** A short label shown as a title (a subject, an occupation): required text without hidden format characters. */
export function labelText(requiredMessage: RuleMessage, maxLength: number) {
  return v.pipe(
    requiredText(requiredMessage, maxLength),
    v.check((value) => !hasHiddenFormatCharacter(value), HIDDEN_CHARACTER_MESSAGE),
    v.check((value) => value === '' || VISIBLE_LETTER.test(value) || /\p{N}/u.test(value), requiredMessage),
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

export function emailField(requiredMessage: RuleMessage) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(EMAIL_MAX_LENGTH, () => m.form_invalid_email()),
    v.regex(EMAIL_PATTERN, () => m.form_invalid_email()),
    v.toLowerCase(),
  );
}

/** A phone number, typed in Bangla or Latin digits, kept in Latin digits. */
export function phoneField(requiredMessage: RuleMessage) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.transform(toLatinDigits),
    v.nonEmpty(requiredMessage),
    v.maxLength(PHONE_MAX_LENGTH, () => m.form_invalid_phone()),
    v.regex(PHONE_PATTERN, () => m.form_invalid_phone()),
  );
}

/**
 * A Bangladesh mobile number, typed in any usual form (01712345678, +880 1712-345678, Bangla digits), kept in
 * the one form every screen shows and every call link dials: `+880 1712-345678` (./phone.ts). The typed-shape
 * rules and their messages are phoneField's; a number of another country, a landline or a wrong length is
 * refused with a message saying what is wanted.
 */
export function bdPhoneField(requiredMessage: RuleMessage) {
  return v.pipe(
    phoneField(requiredMessage),
    v.check(
      // Only a number the shape rules passed is asked about: one message at a time.
      (value) => value.length > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(value) || normaliseBdPhone(value) !== undefined,
      () => m.share_phone_not_bd(),
    ),
    v.transform((value) => normaliseBdPhone(value) ?? value),
  );
}

/** The messages of an amount's rules, each read when its rule fails. */
export interface AmountMessages {
  required: () => string;
  positive: () => string;
  whole: () => string;
  tooHigh: () => string;
}

/**
 * An amount in whole taka, as a form types it or a caller sends it: a number, or text read by ./typed-number.ts
 * ("১৮,০০০", "BDT 18,000", "1,20,000"), so that the form and the server take and refuse the same things. Blank is
 * `required`; text that reads as no number says what is wrong with it (the digits, or the commas); then more than
 * 0, whole, and at most `max`.
 */
export function amountField(messages: AmountMessages, max: number) {
  return v.pipe(
    v.union([v.number(messages.required), v.string(messages.required)], messages.required),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      if (typeof input === 'number') return input;
      const read = readTypedNumber(input);
      if (read.kind === 'number') return read.value;
      addIssue({
        message:
          read.kind === 'blank'
            ? messages.required
            : read.reason === 'grouping'
              ? () => m.form_number_grouping()
              : () => m.form_number_unreadable(),
      });
      return NEVER;
    }),
    v.check((value) => Number.isFinite(value) && value > 0, messages.positive),
    v.check((value) => Number.isInteger(value), messages.whole),
    v.maxValue(max, messages.tooHigh),
  );
}

/** The length of a Bangladesh postal code (1205 is Dhanmondi). */
export const POSTAL_CODE_DIGITS = 4;

/**
 * A Bangladesh postal code: four digits, typed in Latin or Bangla digits, with spaces or a hyphen between them if
 * the person likes (./typed-number.ts, readTypedDigits); kept in Latin digits.
 */
export function postalCodeField(requiredMessage: RuleMessage) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.transform((value) => readTypedDigits(value) ?? value),
    v.check(
      (value) => value.length === POSTAL_CODE_DIGITS && /^\d+$/.test(value),
      () => m.form_postal_code_digits(),
    ),
  );
}

/** An optional http(s) link; blank becomes undefined. */
export const optionalLink = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(URL_MAX_LENGTH, TOO_LONG_MESSAGE),
    v.check(
      (value) => value === '' || isHttpUrl(value),
      () => m.form_invalid_link(),
    ),
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
