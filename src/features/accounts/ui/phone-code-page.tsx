import { valibotResolver } from '@hookform/resolvers/valibot';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { OTP_RESEND_WAIT_MS, REDIRECT_AFTER_LOGIN_MS } from '@/domain/constants';
import { otpFormSchema, type OtpFormValues } from '@/domain/otp';
import { readablePhone } from '@/domain/phone-links';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage } from '@/lib/api-client';
import { sendPhoneSignInCode, signInWithPhoneCode } from '@/lib/firebase-phone';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/form-field';
import { Notice } from '@/ui/notice';
import { showToast } from '@/ui/toast/toast-atoms';
import { completePhoneSignIn } from '../session/phone-session';
import { AuthForm } from './auth-form';
import { AuthShell } from './auth-shell';
import {
  PHONE_REGISTER_PATH,
  readPendingPhoneCode,
  rememberPendingPhoneCode,
  type PendingPhoneCode,
} from './phone-code-state';
import { phoneRefusal } from './phone-errors';
import { useReturnPath } from './use-return-path';
import { useSecondsLeft } from './use-seconds-left';

/**
 * /auth/phone/code (issue 40; a step of ./phone-page.tsx): the 6-digit code of the SMS (Bangla digits too). It survives a reload, as the e-mail
 * code page does: the number and Firebase's verification id are kept for the tab (./phone-code-state.ts). Without
 * them (opened directly, or an hour later) the number is asked again. A right code signs in the number's account
 * and goes where the visitor was going, or opens the registration of a new number.
 */
export function PhoneCodePage() {
  const location = useLocation();
  const [pending] = useState(() => readPendingPhoneCode());
  if (!pending) return <Navigate to="/auth/phone" replace state={location.state as unknown} />;
  return <PhoneCodeForm sent={pending} />;
}

interface ShownMessage {
  ok: boolean;
  text: string;
}

function PhoneCodeForm({ sent }: { sent: PendingPhoneCode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = useReturnPath();
  const recaptchaRef = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState(sent);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<ShownMessage>();
  const secondsLeft = useSecondsLeft(pending.sentAt + OTP_RESEND_WAIT_MS);
  const form = useForm<OtpFormValues>({ resolver: valibotResolver(otpFormSchema), defaultValues: { otp: '' } });
  const { formState, setError, clearErrors } = form;
  const locale = getLocale();

  const onSubmit = async ({ otp }: OtpFormValues) => {
    setMessage(undefined);
    try {
      const user = await signInWithPhoneCode(pending.verificationId, otp);
      rememberPendingPhoneCode(undefined);
      const outcome = await completePhoneSignIn(user);
      if (outcome === 'new-number') {
        navigate(PHONE_REGISTER_PATH, { replace: true, state: location.state as unknown });
        return;
      }
      showToast(m.accounts_login_success(), 'success', REDIRECT_AFTER_LOGIN_MS + 500);
      setTimeout(() => navigate(returnPath, { replace: true }), REDIRECT_AFTER_LOGIN_MS);
    } catch (error) {
      const refusal = phoneRefusal(error);
      if (refusal?.field === 'code') setError('otp', { message: refusal.message });
      else {
        const text = refusal?.message ?? (await apiErrorMessage(error, m.accounts_error_sign_in_failed()));
        setMessage({ ok: false, text });
      }
      throw error; // keeps isSubmitSuccessful false
    }
  };

  const sendNewCode = async () => {
    setSending(true);
    setMessage(undefined);
    clearErrors('otp');
    try {
      if (!recaptchaRef.current) throw new Error('The page is not ready');
      const verificationId = await sendPhoneSignInCode(pending.phoneNumber, recaptchaRef.current);
      const next = { ...pending, verificationId, sentAt: Date.now() };
      rememberPendingPhoneCode(next);
      setPending(next);
      form.reset({ otp: '' });
      setMessage({ ok: true, text: m.accounts_phone_new_code_sent() });
    } catch (error) {
      setMessage({ ok: false, text: phoneRefusal(error)?.message ?? m.accounts_phone_send_failed() });
    } finally {
      setSending(false);
    }
  };

  const busy = formState.isSubmitting || formState.isSubmitSuccessful;
  return (
    <AuthShell
      title={m.accounts_phone_code_title()}
      subtitle={m.accounts_phone_code_sent_to({ phone: readablePhone(pending.phoneNumber, locale) })}
    >
      <AuthForm form={form} onSubmit={onSubmit}>
        <Notice tone={message?.ok ? 'success' : 'error'} message={message?.text} />
        <TextField
          name="otp"
          label={m.accounts_otp_label()}
          className="field__control otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="••••••"
        />
        <Button type="submit" block disabled={busy}>
          {formState.isSubmitting ? m.accounts_verifying() : m.accounts_verify_button()}
        </Button>
        {secondsLeft > 0 ? (
          <p className="countdown" aria-live="polite">
            {m.accounts_request_new_in({ seconds: localDigits(String(secondsLeft), locale) })}
          </p>
        ) : (
          <Button variant="ghost" onClick={() => void sendNewCode()} disabled={sending || busy}>
            {sending ? m.accounts_sending() : m.accounts_phone_new_code()}
          </Button>
        )}
        <p className="auth-form__footer">
          <Link to="/auth/phone" state={location.state as unknown}>
            {m.accounts_phone_change_number()}
          </Link>
        </p>
      </AuthForm>
      {/* Firebase's invisible reCAPTCHA in production (outside the form's grid); nothing in the demo stack. */}
      <div ref={recaptchaRef} />
    </AuthShell>
  );
}
