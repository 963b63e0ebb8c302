import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { REDIRECT_AFTER_PASSWORD_RESET_MS } from '@/domain/constants';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '@/domain/reset-password-form';
import { firebaseErrorCode, sendPasswordReset } from '@/lib/firebase';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { AuthShell } from './auth-shell';

const SENT_MESSAGE = 'Password reset link sent to your email. Please check your inbox or spam folder.';

/** The messages of the accounts spec, section 8, for a failed reset request. */
function resetErrorMessage(error: unknown): string {
  switch (firebaseErrorCode(error)) {
    case 'auth/user-not-found':
      return 'No user found with that email address.';
    case 'auth/invalid-email':
      return 'The email address is not valid.';
    case 'auth/network-request-failed':
      return 'Network error. Please check your internet connection.';
    default:
      return 'Failed to send reset link. Please try again.';
  }
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues>({
    resolver: valibotResolver(resetPasswordFormSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: ResetPasswordFormValues) => {
    setResult(undefined);
    try {
      await sendPasswordReset(email);
      setResult({ ok: true, message: SENT_MESSAGE });
      setTimeout(() => navigate('/auth/login'), REDIRECT_AFTER_PASSWORD_RESET_MS);
    } catch (error) {
      setResult({ ok: false, message: resetErrorMessage(error) });
    }
  };

  return (
    <AuthShell
      title="Reset your password"
      subtitle="Enter the email you registered with and we will send you a reset link."
    >
      <form className="auth-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        {result ? (
          <p
            className={result.ok ? 'notice notice--success' : 'notice notice--error'}
            role={result.ok ? 'status' : 'alert'}
          >
            {result.message}
          </p>
        ) : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          hint="Can't find the email? Check your spam folder too."
          {...register('email')}
        />
        <Button type="submit" block disabled={isSubmitting || result?.ok}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <p className="auth-form__footer">
          <Link to="/auth/login">Back to Login</Link>
        </p>
      </form>
    </AuthShell>
  );
}
