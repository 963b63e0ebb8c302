import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { REDIRECT_AFTER_LOGIN_MS } from '@/domain/constants';
import { loginFormSchema, type LoginFormValues } from '@/domain/login-form';
import { apiErrorMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { EmailField, TextField } from '@/ui/form-field';
import { Notice } from '@/ui/notice';
import { showToast } from '@/ui/toast/toast-atoms';
import { signInWithPassword } from '../session/session-flows';
import { firebaseMessage } from './auth-errors';
import { AuthForm } from './auth-form';
import { AuthShell } from './auth-shell';
import { useReturnPath } from './use-return-path';

export function LoginPage() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [error, setError] = useState<string>();
  const form = useForm<LoginFormValues>({
    resolver: valibotResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { formState } = form;

  const onSubmit = async (values: LoginFormValues) => {
    setError(undefined);
    try {
      await signInWithPassword(values.email, values.password);
      showToast('Login successful', 'success', REDIRECT_AFTER_LOGIN_MS + 500);
      setTimeout(() => navigate(returnPath, { replace: true }), REDIRECT_AFTER_LOGIN_MS);
    } catch (caught) {
      const message =
        firebaseMessage(caught) ??
        (await apiErrorMessage(caught, 'Firebase login failed. Check your credentials again.'));
      setError(message);
      showToast(message, 'error');
      throw caught; // keeps isSubmitSuccessful false
    }
  };

  const busy = formState.isSubmitting || formState.isSubmitSuccessful;
  return (
    <AuthShell title="Welcome back" subtitle="Sign in to find services, post rent ads and manage your profile.">
      <AuthForm form={form} onSubmit={onSubmit}>
        <Notice tone="error" message={error} />
        <EmailField />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" />
        <div className="auth-form__aside">
          <span />
          <Button variant="ghost" onClick={() => navigate('/auth/reset-password')}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" block disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
        <p className="auth-form__footer">
          New to Basha? <Link to="/auth/register">Create an account</Link>
        </p>
      </AuthForm>
    </AuthShell>
  );
}
