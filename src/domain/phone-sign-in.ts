import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';
import { PHONE_MAX_LENGTH } from './constants';
import { phoneField } from './fields';
import { PHONE_PATTERN } from './patterns';
import { bdMobileProblem, bdPhoneToE164 } from './phone';

/**
 * The number form of /auth/phone (issue 40, point 3): a Bangladesh mobile number typed in any usual form, in
 * Latin or Bangla digits, kept as E.164 (`+8801712345678`), the form Firebase's phone sign-in takes. A number of
 * another country and a landline each get their own message; anything else is asked for as a BD mobile number.
 */

/** Each rule speaks only about a number the shape rules passed: one message at a time. */
const shaped = (value: string) => value.length <= PHONE_MAX_LENGTH && PHONE_PATTERN.test(value);

export const phoneSignInFormSchema = v.object({
  phoneNumber: v.pipe(
    phoneField(() => m.accounts_phone_required()),
    v.check(
      (value) => !shaped(value) || bdMobileProblem(value) !== 'other-country',
      () => m.accounts_phone_other_country(),
    ),
    v.check(
      (value) => !shaped(value) || bdMobileProblem(value) !== 'landline',
      () => m.accounts_phone_landline(),
    ),
    v.check(
      (value) => !shaped(value) || bdMobileProblem(value) !== 'not-mobile',
      () => m.share_phone_not_bd(),
    ),
    v.transform((value) => bdPhoneToE164(value) ?? value),
  ),
});

export type PhoneSignInFormInput = v.InferInput<typeof phoneSignInFormSchema>;
export type PhoneSignInFormValues = v.InferOutput<typeof phoneSignInFormSchema>;
