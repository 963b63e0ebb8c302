import * as v from 'valibot';
import { emailField } from './fields';
import { EMAIL_AND_PASSWORD_REQUIRED, passwordField } from './registration-form';

/** The sign-in form of /auth/login: the same e-mail and password rules as registration. */
export const loginFormSchema = v.object({
  email: emailField(EMAIL_AND_PASSWORD_REQUIRED),
  password: passwordField,
});
export type LoginFormValues = v.InferOutput<typeof loginFormSchema>;
