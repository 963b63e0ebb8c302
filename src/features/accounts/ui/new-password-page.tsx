import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { REDIRECT_AFTER_PASSWORD_RESET_MS } from '@/domain/constants';
import { newPasswordFormSchema, type NewPasswordFormValues } from '@/domain/reset-password-form';
import { checkPasswordResetCode, firebaseErrorCode, setPasswordWithResetCode } from '@/lib/firebase';
import { Button, ButtonLink } from '@/ui/button';
import { NewPasswordFields } from '@/ui/form-field';
import { Notice } from '@/ui/notice';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { firebaseMessage } from './auth-errors';
import { AuthForm, BackToLogin } from './auth-form';
import { AuthShell } from './auth-shell';

export const RESET_LINK_INVALID_MESSAGE =
  'This reset link has expired or has already been used. Please ask for a new one.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. Please sign in with your new password.';
const RESET_FAILED_MESSAGE = 'Could not change your password. Please try again.';

/** Codes Firebase answers for a link that can no longer be used, whatever the reason. */
const DEAD_LINK_CODES = new Set(['auth/expired-action-code', 'auth/invalid-action-code', 'auth/user-not-found']);

function resetFailure(error: unknown): string {
  const code = firebaseErrorCode(error);
  if (code && DEAD_LINK_CODES.has(code)) return RESET_LINK_INVALID_MESSAGE;
  return firebaseMessage(error) ?? RESET_FAILED_MESSAGE;
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
    oobCode ? { status: 'checking' } : { status: 'invalid', message: RESET_LINK_INVALID_MESSAGE },
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
      <AuthShell title="Choose a new password">
        <div className="auth-form">
          <Notice tone="error" message={link.message} />
          <ButtonLink to="/auth/reset-password">Send a new link</ButtonLink>
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
      if (message === RESET_LINK_INVALID_MESSAGE) setLink({ status: 'invalid', message });
      else setError(message);
      throw failure; // keeps isSubmitSuccessful false
    }
    showToast(PASSWORD_RESET_DONE_MESSAGE, 'success', REDIRECT_AFTER_PASSWORD_RESET_MS + 1000);
    setTimeout(() => navigate('/auth/login', { replace: true }), REDIRECT_AFTER_PASSWORD_RESET_MS);
  };

  return (
    <AuthShell title="Choose a new password" subtitle={`For the Basha account ${link.email}.`}>
      <AuthForm form={form} onSubmit={onSubmit}>
        <Notice tone="error" message={error} />
        <Notice tone="success" message={formState.isSubmitSuccessful && PASSWORD_RESET_DONE_MESSAGE} />
        {/* Lets the browser's password manager store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <NewPasswordFields label="New Password" confirmLabel="Confirm New Password" />
        <Button type="submit" block disabled={formState.isSubmitting || formState.isSubmitSuccessful}>
          {formState.isSubmitting ? 'Saving...' : 'Set New Password'}
        </Button>
        <BackToLogin />
      </AuthForm>
    </AuthShell>
  );
}
