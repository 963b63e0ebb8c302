import * as v from 'valibot';
import { emailField } from './fields';
import { PASSWORD_MIN_LENGTH } from './constants';
import { passwordField } from './registration-form';

/** The form of /auth/reset-password. */
export const resetPasswordFormSchema = v.object({
  email: emailField('Email is required.'),
});
export type ResetPasswordFormValues = v.InferOutput<typeof resetPasswordFormSchema>;

/** The body of POST /user/reset-password: the same field, and nothing else. */
export const resetPasswordBodySchema = v.strictObject(resetPasswordFormSchema.entries);

export const NEW_PASSWORD_REQUIRED = 'Password is required';

/** The form of /auth/new-password, opened from the reset mail: the password rules of registration. */
export const newPasswordFormSchema = v.pipe(
  v.object({
    // Registration's rules (length and all); only the empty field gets its own words, as no e-mail is asked here.
    password: v.pipe(
      v.string(NEW_PASSWORD_REQUIRED),
      v.minLength(1, NEW_PASSWORD_REQUIRED),
      v.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long'),
      passwordField,
    ),
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      'Passwords do not match',
    ),
    ['confirmPassword'],
  ),
);
export type NewPasswordFormValues = v.InferOutput<typeof newPasswordFormSchema>;
