import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';
import { emailField } from './fields';
import { newPasswordField } from './reset-password-form';

/**
 * The e-mail an account made with a phone number adds, with the password to sign in with it (registration's
 * rules for both, src/domain/registration-form.ts).
 */
export const addEmailFormSchema = v.pipe(
  v.object({
    email: emailField(() => m.accounts_email_required()),
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
export type AddEmailFormInput = v.InferInput<typeof addEmailFormSchema>;
export type AddEmailFormValues = v.InferOutput<typeof addEmailFormSchema>;
