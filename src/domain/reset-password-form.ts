import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';
import { emailField } from './fields';
import { PASSWORD_MIN_LENGTH } from './constants';
import { DEVICE_KEY_PATTERN, DEVICE_KEYS_MAX } from './device-key';
import { passwordField } from './registration-form';

/** The form of /auth/reset-password. */
export const resetPasswordFormSchema = v.object({
  email: emailField(() => m.accounts_email_required_sentence()),
});
export type ResetPasswordFormValues = v.InferOutput<typeof resetPasswordFormSchema>;

/** The body of POST /user/reset-password: the same field, and the phone's device keys if it has any. */
export const resetPasswordBodySchema = v.strictObject({
  ...resetPasswordFormSchema.entries,
  deviceKeys: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.regex(DEVICE_KEY_PATTERN))), v.maxLength(DEVICE_KEYS_MAX)),
  ),
});

const NEW_PASSWORD_REQUIRED = () => m.accounts_password_required();

/**
 * A password chosen on a form that asks for no e-mail beside it (a new one after a reset, or one for an e-mail added
 * to a phone account): registration's rules, length and all; only the empty field gets its own words.
 */
export const newPasswordField = v.pipe(
  v.string(NEW_PASSWORD_REQUIRED),
  v.minLength(1, NEW_PASSWORD_REQUIRED),
  v.minLength(PASSWORD_MIN_LENGTH, () => m.accounts_password_too_short()),
  passwordField,
);

/** The form of /auth/new-password, opened from the reset mail: the password rules of registration. */
export const newPasswordFormSchema = v.pipe(
  v.object({
    password: newPasswordField,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      () => m.accounts_passwords_do_not_match(),
    ),
    ['confirmPassword'],
  ),
);
export type NewPasswordFormValues = v.InferOutput<typeof newPasswordFormSchema>;
