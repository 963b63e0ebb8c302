import { valibotResolver } from '@hookform/resolvers/valibot';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { REDIRECT_AFTER_LOGIN_MS } from '@/domain/constants';
import { loginFormSchema, type LoginFormValues } from '@/domain/login-form';
import { PASSWORD_CHANGED_CODE } from '@/domain/session-end';
import { m } from '@/i18n/generated/messages.js';
import { apiErrorMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { EmailField, TextField } from '@/ui/form-field';
import { Notice } from '@/ui/notice';
import { showToast } from '@/ui/toast/toast-atoms';
import { sessionAtom } from '../session/session-atoms';
import { signInWithPassword } from '../session/session-flows';
import { firebaseMessage } from './auth-errors';
import { AuthForm, ContinueWithPhone } from './auth-form';
import { AuthShell } from './auth-shell';
import { useReturnPath } from './use-return-path';

export function LoginPage() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [error, setError] = useState<string>();
  const session = useAtomValue(sessionAtom);
  // Signed out by the server because the password was changed elsewhere: said here, where the person lands.
  const signedOutWhy =
    session.status === 'signed-out' && session.reason === PASSWORD_CHANGED_CODE
      ? m.accounts_signed_out_password_changed()
      : undefined;
  const form = useForm<LoginFormValues>({
    resolver: valibotResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { formState } = form;

  const onSubmit = async (values: LoginFormValues) => {
    setError(undefined);
    try {
      await signInWithPassword(values.email, values.password);
      showToast(m.accounts_login_success(), 'success', REDIRECT_AFTER_LOGIN_MS + 500);
      setTimeout(() => navigate(returnPath, { replace: true }), REDIRECT_AFTER_LOGIN_MS);
    } catch (caught) {
      const message = firebaseMessage(caught) ?? (await apiErrorMessage(caught, m.accounts_error_sign_in_failed()));
      setError(message);
      showToast(message, 'error');
      throw caught; // keeps isSubmitSuccessful false
    }
  };

  const busy = formState.isSubmitting || formState.isSubmitSuccessful;
  return (
    <AuthShell title={m.accounts_login_title()} subtitle={m.accounts_login_subtitle()}>
      <AuthForm form={form} onSubmit={onSubmit}>
        <Notice tone="error" message={error} />
        {error ? null : <Notice tone="info" message={signedOutWhy} />}
        <EmailField />
        <TextField name="password" label={m.accounts_password()} type="password" autoComplete="current-password" />
        <div className="auth-form__aside">
          <span />
          <Button variant="ghost" onClick={() => navigate('/auth/reset-password')}>
            {m.accounts_forgot_password()}
          </Button>
        </div>
        <Button type="submit" block disabled={busy}>
          {busy ? m.accounts_signing_in() : m.accounts_sign_in_button()}
        </Button>
        <ContinueWithPhone placement="below" />
        <p className="auth-form__footer">
          {m.accounts_login_new_to_basha()} <Link to="/auth/register">{m.accounts_login_create_account()}</Link>
        </p>
      </AuthForm>
    </AuthShell>
  );
}
