import { valibotResolver } from '@hookform/resolvers/valibot';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { OTP_RESEND_WAIT_MS, REDIRECT_AFTER_OTP_MS } from '@/domain/constants';
import { otpFormSchema, type OtpFormValues } from '@/domain/otp';
import { apiErrorMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { generateOtp, validateOtp } from '../api/otp';
import { sessionAtom } from '../session/session-atoms';
import { AuthShell } from './auth-shell';

/** Seconds left until `until`, ticking every second; 0 once passed. */
function useSecondsLeft(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

export function OtpValidatePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [resendAt, setResendAt] = useState<number>();
  const [responseMessage, setResponseMessage] = useState<{ ok: boolean; text: string }>();
  const secondsLeft = useSecondsLeft(resendAt);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<OtpFormValues>({ resolver: valibotResolver(otpFormSchema), defaultValues: { otp: '' } });

  if (session.status === 'loading') return <SpinnerScreen />;
  if (session.status === 'signed-out' || session.userId !== id) {
    return (
      <AuthShell title="Verify your account">
        <p className="notice notice--info">
          Please sign in to the account you want to verify, then come back to this page.
        </p>
        <p className="auth-form__footer">
          <Link to="/auth/login" state={{ from: `/auth/otp-validate/${id}` }}>
            Go to Login
          </Link>
        </p>
      </AuthShell>
    );
  }

  const sendCode = async () => {
    setSending(true);
    setResponseMessage(undefined);
    try {
      const message = await generateOtp(id);
      setCodeSent(true);
      setResendAt(Date.now() + OTP_RESEND_WAIT_MS);
      setResponseMessage({ ok: true, text: message || 'OTP sent to your email' });
    } catch (error) {
      // A failed send returns to the initial state with resend enabled (accounts spec, section 4).
      setResendAt(undefined);
      setResponseMessage({ ok: false, text: await apiErrorMessage(error, 'Failed to generate OTP.') });
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async ({ otp }: OtpFormValues) => {
    setResponseMessage(undefined);
    try {
      const message = await validateOtp(id, otp);
      setResponseMessage({ ok: true, text: message || 'Account verified successfully' });
      showToast('Account verified successfully', 'success', REDIRECT_AFTER_OTP_MS + 1000);
      setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_OTP_MS);
    } catch (error) {
      const text = await apiErrorMessage(error, 'Invalid OTP.');
      setResponseMessage({ ok: false, text });
      setError('otp', { message: text });
      throw error;
    }
  };

  return (
    <AuthShell title="Verify your account" subtitle="We e-mail you a 6-digit code. It is valid for 10 minutes.">
      <div className="auth-form">
        {responseMessage ? (
          <p
            className={responseMessage.ok ? 'notice notice--success' : 'notice notice--error'}
            role={responseMessage.ok ? 'status' : 'alert'}
          >
            {responseMessage.text}
          </p>
        ) : null}
        {codeSent ? (
          <form
            className="auth-form"
            noValidate
            onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}
          >
            <TextField
              label="Verification code"
              className="field__control otp-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="••••••"
              error={errors.otp?.message}
              {...register('otp')}
            />
            <Button type="submit" block disabled={isSubmitting || isSubmitSuccessful}>
              {isSubmitting ? 'Verifying...' : 'Verify'}
            </Button>
            {secondsLeft > 0 ? (
              <p className="countdown" aria-live="polite">
                You can resend the code in {secondsLeft}s
              </p>
            ) : (
              <Button variant="ghost" onClick={() => void sendCode()} disabled={sending}>
                {sending ? 'Sending...' : 'Resend'}
              </Button>
            )}
          </form>
        ) : (
          <Button block onClick={() => void sendCode()} disabled={sending}>
            {sending
              ? 'Sending...'
              : resendAt === undefined && responseMessage && !responseMessage.ok
                ? 'Resend'
                : 'Send OTP'}
          </Button>
        )}
      </div>
    </AuthShell>
  );
}
