import { valibotResolver } from '@hookform/resolvers/valibot';
import { HTTPError, TimeoutError } from 'ky';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { REDIRECT_AFTER_PASSWORD_RESET_MS } from '@/domain/constants';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '@/domain/reset-password-form';
import { m } from '@/i18n/generated/messages.js';
import { apiErrorMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { EmailField } from '@/ui/form-field';
import { Notice } from '@/ui/notice';
import { requestPasswordReset } from '../api/reset-password';
import { deviceKeys } from '../session/device-keys';
import { AuthForm, BackToLogin } from './auth-form';
import { AuthShell } from './auth-shell';

/**
 * The messages of the accounts spec, section 8, for a failed reset request. "No user found with that email
 * address." is never shown: Basha's server answers every valid address alike (issue 24, point 8), so that this
 * page cannot tell anyone who has an account.
 */
async function resetErrorMessage(error: unknown): Promise<string> {
  if (error instanceof HTTPError) {
    if (error.response.status === 400) return m.accounts_error_invalid_email();
    // A limit (429) says when to try again; other refusals their own words.
    return apiErrorMessage(error, m.accounts_reset_send_failed());
  }
  if (error instanceof TypeError && !(error instanceof TimeoutError)) {
    return m.accounts_error_network();
  }
  return m.accounts_reset_send_failed();
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
      setResult({ ok: true, message: (await requestPasswordReset(email, deviceKeys())) || m.accounts_reset_sent() });
      setTimeout(() => navigate('/auth/login'), REDIRECT_AFTER_PASSWORD_RESET_MS);
    } catch (error) {
      setResult({ ok: false, message: await resetErrorMessage(error) });
    }
  };

  return (
    <AuthShell title={m.accounts_reset_title()} subtitle={m.accounts_reset_subtitle()}>
      <AuthForm form={form} onSubmit={onSubmit}>
        <Notice tone={result?.ok ? 'success' : 'error'} message={result?.message} />
        <EmailField hint={m.accounts_reset_email_hint()} />
        <Button type="submit" block disabled={formState.isSubmitting || result?.ok}>
          {formState.isSubmitting ? m.accounts_sending() : m.accounts_send_reset_link()}
        </Button>
        <BackToLogin />
      </AuthForm>
    </AuthShell>
  );
}
