import { valibotResolver } from '@hookform/resolvers/valibot';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { OTP_RESEND_WAIT_MS } from '@/domain/constants';
import { otpFormSchema, type OtpFormValues } from '@/domain/otp';
import { readablePhone } from '@/domain/phone-links';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Notice } from '@/ui/notice';
import { AuthForm } from './auth-form';
import { AuthShell } from './auth-shell';
import { CodeField } from './code-field';
import { rememberPendingPhoneCode, type PendingPhoneCode } from './phone-code-state';
import { phoneRefusal } from './phone-errors';
import { PhoneFormFooter, RecaptchaSlot } from './phone-form-end';
import { useSecondsLeft } from './use-seconds-left';

interface ShownMessage {
  ok: boolean;
  text: string;
}

interface PhoneCodeStepProps {
  /** The code on its way, as the number page remembered it. */
  sent: PendingPhoneCode;
  /** Where a new code is remembered for the tab (./phone-code-state.ts): a sign-in's or an added number's. */
  storageKey?: string | undefined;
  /** Sends a new code to the number: its verification id. */
  sendCode: (phoneNumber: string, container: HTMLElement) => Promise<string>;
  /** What a code is for (a sign-in, an added number): done, or throws the refusal, which the step says. */
  confirm: (verificationId: string, otp: string) => Promise<void>;
  /** Said when a refusal has no words of its own. */
  failed: () => string;
  /** The number page, to type another number. */
  changeNumberPath: string;
}

/**
 * The SMS code step of both phone flows (the sign-in above, and a number added to one's account,
 * ./add-contact-page.tsx): the code box, a new code after the wait, and the refusals said where they belong.
 */
export function PhoneCodeStep({ sent, storageKey, sendCode, confirm, failed, changeNumberPath }: PhoneCodeStepProps) {
  const location = useLocation();
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
      await confirm(pending.verificationId, otp);
    } catch (error) {
      const refusal = phoneRefusal(error);
      if (refusal?.field === 'code') setError('otp', { message: refusal.message });
      else {
        const text = refusal?.message ?? (await apiErrorMessage(error, failed()));
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
      const verificationId = await sendCode(pending.phoneNumber, recaptchaRef.current);
      const next = { ...pending, verificationId, sentAt: Date.now() };
      rememberPendingPhoneCode(next, storageKey);
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
        <CodeField />
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
        <PhoneFormFooter to={changeNumberPath} state={location.state as unknown}>
          {m.accounts_phone_change_number()}
        </PhoneFormFooter>
      </AuthForm>
      <RecaptchaSlot ref={recaptchaRef} />
    </AuthShell>
  );
}
