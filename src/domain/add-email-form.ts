import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';
import { PASSWORD_MIN_LENGTH } from './constants';
import { emailField } from './fields';
import { passwordField } from './registration-form';
import { NEW_PASSWORD_REQUIRED } from './reset-password-form';

/**
 * The e-mail an account made with a phone number adds, with the password to sign in with it (registration's
 * rules for both, src/domain/registration-form.ts).
 */
export const addEmailFormSchema = v.pipe(
  v.object({
    email: emailField(() => m.accounts_email_required()),
    password: v.pipe(
      v.string(NEW_PASSWORD_REQUIRED),
      v.minLength(1, NEW_PASSWORD_REQUIRED),
      v.minLength(PASSWORD_MIN_LENGTH, () => m.accounts_password_too_short()),
      passwordField,
    ),
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
export type AddEmailFormInput = v.InferInput<typeof addEmailFormSchema>;
export type AddEmailFormValues = v.InferOutput<typeof addEmailFormSchema>;
