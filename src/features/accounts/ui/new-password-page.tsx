import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { REDIRECT_AFTER_PASSWORD_RESET_MS } from '@/domain/constants';
import { newPasswordFormSchema, type NewPasswordFormValues } from '@/domain/reset-password-form';
import { m } from '@/i18n/generated/messages.js';
import { checkPasswordResetCode, firebaseErrorCode, setPasswordWithResetCode } from '@/lib/firebase';
import { Button, ButtonLink } from '@/ui/button';
import { NewPasswordFields } from '@/ui/form-field';
import { Notice } from '@/ui/notice';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { firebaseMessage } from './auth-errors';
import { AuthForm, BackToLogin } from './auth-form';
import { AuthShell } from './auth-shell';

/** Codes Firebase answers for a link that can no longer be used, whatever the reason. */
const DEAD_LINK_CODES = new Set(['auth/expired-action-code', 'auth/invalid-action-code', 'auth/user-not-found']);

function isDeadLink(error: unknown): boolean {
  const code = firebaseErrorCode(error);
  return code !== undefined && DEAD_LINK_CODES.has(code);
}

function resetFailure(error: unknown): string {
  if (isDeadLink(error)) return m.accounts_reset_link_invalid();
  return firebaseMessage(error) ?? m.accounts_password_reset_failed();
}

type LinkState = { status: 'checking' } | { status: 'valid'; email: string } | { status: 'invalid'; message: string };

/**
 * /auth/new-password?oobCode=…, the page Basha's reset mail links to (issue 24, point 8): it checks the mailed
 * code with Firebase, then sets the new password with it (the registration's password rules). Firebase ends the
 * account's earlier sign-ins, and Basha's server the sessions made from them.
 */
export function NewPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode') ?? '';
  const [link, setLink] = useState<LinkState>(() =>
    oobCode ? { status: 'checking' } : { status: 'invalid', message: m.accounts_reset_link_invalid() },
  );
  const [error, setError] = useState<string>();
  const form = useForm<NewPasswordFormValues>({
    resolver: valibotResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { formState } = form;

  useEffect(() => {
    if (!oobCode) return;
    let live = true;
    checkPasswordResetCode(oobCode).then(
      (email) => live && setLink({ status: 'valid', email }),
      (failure: unknown) => live && setLink({ status: 'invalid', message: resetFailure(failure) }),
    );
    return () => {
      live = false;
    };
  }, [oobCode]);

  if (link.status === 'checking') return <SpinnerScreen />;
  if (link.status === 'invalid') {
    return (
      <AuthShell title={m.accounts_new_password_title()}>
        <div className="auth-form">
          <Notice tone="error" message={link.message} />
          <ButtonLink to="/auth/reset-password">{m.accounts_send_new_link()}</ButtonLink>
          <BackToLogin />
        </div>
      </AuthShell>
    );
  }

  const onSubmit = async ({ password }: NewPasswordFormValues) => {
    setError(undefined);
    try {
      await setPasswordWithResetCode(oobCode, password);
    } catch (failure) {
      const message = resetFailure(failure);
      if (isDeadLink(failure)) setLink({ status: 'invalid', message });
      else setError(message);
      throw failure; // keeps isSubmitSuccessful false
    }
    showToast(m.accounts_password_reset_done(), 'success', REDIRECT_AFTER_PASSWORD_RESET_MS + 1000);
    setTimeout(() => navigate('/auth/login', { replace: true }), REDIRECT_AFTER_PASSWORD_RESET_MS);
  };

  return (
    <AuthShell title={m.accounts_new_password_title()} subtitle={m.accounts_new_password_for({ email: link.email })}>
      <AuthForm form={form} onSubmit={onSubmit}>
        <Notice tone="error" message={error} />
        <Notice tone="success" message={formState.isSubmitSuccessful && m.accounts_password_reset_done()} />
        {/* Lets the browser's password manager store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <NewPasswordFields label={m.accounts_new_password()} confirmLabel={m.accounts_confirm_new_password()} />
        <Button type="submit" block disabled={formState.isSubmitting || formState.isSubmitSuccessful}>
          {formState.isSubmitting ? m.accounts_saving() : m.accounts_set_new_password()}
        </Button>
        <BackToLogin />
      </AuthForm>
    </AuthShell>
  );
}
