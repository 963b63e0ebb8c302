import { valibotResolver } from '@hookform/resolvers/valibot';
import { HTTPError, TimeoutError } from 'ky';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { REDIRECT_AFTER_PASSWORD_RESET_MS } from '@/domain/constants';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '@/domain/reset-password-form';
import { apiErrorMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { EmailField } from '@/ui/form-field';
import { Notice } from '@/ui/notice';
import { requestPasswordReset } from '../api/reset-password';
import { AuthForm, BackToLogin } from './auth-form';
import { AuthShell } from './auth-shell';

const SENT_MESSAGE = 'Password reset link sent to your email. Please check your inbox or spam folder.';
const FAILED_MESSAGE = 'Failed to send reset link. Please try again.';

/**
 * The messages of the accounts spec, section 8, for a failed reset request. "No user found with that email
 * address." is never shown: Basha's server answers every valid address alike (issue 24, point 8), so that this
 * page cannot tell anyone who has an account.
 */
async function resetErrorMessage(error: unknown): Promise<string> {
  if (error instanceof HTTPError) {
    if (error.response.status === 400) return 'The email address is not valid.';
    // A limit (429) says when to try again; other refusals their own words.
    return apiErrorMessage(error, FAILED_MESSAGE);
  }
  if (error instanceof TypeError && !(error instanceof TimeoutError)) {
    return 'Network error. Please check your internet connection.';
  }
  return FAILED_MESSAGE;
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const form = useForm<ResetPasswordFormValues>({
    resolver: valibotResolver(resetPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const { formState } = form;

  const onSubmit = async ({ email }: ResetPasswordFormValues) => {
    setResult(undefined);
    try {
      // The server's words when it sent them (they are the spec's), else the spec's own.
      setResult({ ok: true, message: (await requestPasswordReset(email)) || SENT_MESSAGE });
      setTimeout(() => navigate('/auth/login'), REDIRECT_AFTER_PASSWORD_RESET_MS);
    } catch (error) {
      setResult({ ok: false, message: await resetErrorMessage(error) });
    }
  };

  return (
    <AuthShell
      title="Reset your password"
      subtitle="Enter the email you registered with and we will send you a reset link."
    >
      <AuthForm form={form} onSubmit={onSubmit}>
        <Notice tone={result?.ok ? 'success' : 'error'} message={result?.message} />
        <EmailField hint="Can't find the email? Check your spam folder too." />
        <Button type="submit" block disabled={formState.isSubmitting || result?.ok}>
          {formState.isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <BackToLogin />
      </AuthForm>
    </AuthShell>
  );
}
