import { valibotResolver } from '@hookform/resolvers/valibot';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { phoneSignInFormSchema, type PhoneSignInFormInput, type PhoneSignInFormValues } from '@/domain/phone-sign-in';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { Button } from '@/ui/button';
import { PhoneField } from '@/ui/number-fields';
import { Notice } from '@/ui/notice';
import { AuthForm } from './auth-form';
import { AuthShell } from './auth-shell';
import { rememberPendingPhoneCode } from './phone-code-state';
import { phoneRefusal } from './phone-errors';
import { PhoneFormFooter, RecaptchaSlot } from './phone-form-end';

interface PhoneNumberStepProps {
  title: string;
  subtitle: string;
  defaultNumber: string;
  /** Sends the code to the number: its verification id. */
  sendCode: (phoneNumber: string, container: HTMLElement) => Promise<string>;
  /** Where the code is remembered for the tab (./phone-code-state.ts): a sign-in's or an added number's. */
  storageKey?: string | undefined;
  /** The code step's path. */
  codePath: string;
  /** The form's one way elsewhere. */
  footer: { to: string; text: string };
}

/** The number step of both phone flows (the sign-in, and a number added to one's account, ./add-contact-page.tsx). */
export function PhoneNumberStep({
  title,
  subtitle,
  defaultNumber,
  sendCode,
  storageKey,
  codePath,
  footer,
}: PhoneNumberStepProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const recaptchaRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string>();
  const form = useForm<PhoneSignInFormInput, unknown, PhoneSignInFormValues>({
    resolver: valibotResolver(phoneSignInFormSchema),
    defaultValues: { phoneNumber: defaultNumber },
  });
  const { formState } = form;

  const onSubmit = async ({ phoneNumber }: PhoneSignInFormValues) => {
    setFailure(undefined);
    try {
      if (!recaptchaRef.current) throw new Error('The page is not ready');
      const verificationId = await sendCode(phoneNumber, recaptchaRef.current);
      rememberPendingPhoneCode({ phoneNumber, verificationId, sentAt: Date.now() }, storageKey);
      navigate(codePath, { state: location.state as unknown });
    } catch (error) {
      const refusal = phoneRefusal(error);
      if (refusal?.field === 'number') {
        form.setError('phoneNumber', { message: refusal.message });
      } else {
        setFailure(refusal?.message ?? m.accounts_phone_send_failed());
      }
      console.info('The code could not be sent', error);
      throw error; // keeps isSubmitSuccessful false
    }
  };

  const busy = formState.isSubmitting || formState.isSubmitSuccessful;
  return (
    <AuthShell title={title} subtitle={subtitle}>
      <AuthForm form={form} onSubmit={onSubmit}>
        <Notice tone="error" message={failure} />
        <PhoneField
          name="phoneNumber"
          label={m.accounts_phone_label()}
          inputMode="tel"
          placeholder={localDigits('01712-345678', getLocale())}
          hint={m.accounts_phone_hint()}
        />
        <Button type="submit" block disabled={busy}>
          {busy ? m.accounts_sending() : m.accounts_phone_send_code()}
        </Button>
        <PhoneFormFooter to={footer.to} state={location.state as unknown}>
          {footer.text}
        </PhoneFormFooter>
      </AuthForm>
      <RecaptchaSlot ref={recaptchaRef} />
    </AuthShell>
  );
}
