import * as v from 'valibot';
import { emailField } from './fields';

/** The form of /auth/reset-password. */
export const resetPasswordFormSchema = v.object({
  email: emailField('Email is required.'),
});
export type ResetPasswordFormValues = v.InferOutput<typeof resetPasswordFormSchema>;
