import { valibotResolver } from '@hookform/resolvers/valibot';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { phoneSignInFormSchema, type PhoneSignInFormInput, type PhoneSignInFormValues } from '@/domain/phone-sign-in';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { sendPhoneSignInCode } from '@/lib/firebase-phone';
import { Button } from '@/ui/button';
import { PhoneField } from '@/ui/number-fields';
import { Notice } from '@/ui/notice';
import { AuthForm } from './auth-form';
import { AuthShell } from './auth-shell';
import { PhoneCodePage } from './phone-code-page';
import { PhoneRegisterPage } from './phone-register-page';
import {
  PHONE_CODE_PATH,
  PHONE_REGISTER_PATH,
  readPendingPhoneCode,
  rememberPendingPhoneCode,
} from './phone-code-state';
import { phoneRefusal } from './phone-errors';

/**
 * The phone sign-in, one page module for its three steps (src/domain/route-manifest.ts), each at its own path so
 * that Back and a reload work as on separate pages.
 */
export function PhonePage() {
  const { pathname } = useLocation();
  if (pathname === PHONE_CODE_PATH) return <PhoneCodePage />;
  if (pathname === PHONE_REGISTER_PATH) return <PhoneRegisterPage />;
  return <PhoneNumberPage />;
}

/**
 * /auth/phone (issue 40): "Continue with phone number". A Bangladesh mobile number, typed any usual way (Bangla
 * digits too), gets a 6-digit code by SMS (in the demo stack, from the Auth emulator); the code page comes next.
 * The same steps sign in or, for a new number, lead to registration. Where the visitor was going
 * (`location.state.from`) goes along.
 */
function PhoneNumberPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const recaptchaRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string>();
  const form = useForm<PhoneSignInFormInput, unknown, PhoneSignInFormValues>({
    resolver: valibotResolver(phoneSignInFormSchema),
    // Back from the code page to change the number: the number typed before is there.
    defaultValues: { phoneNumber: readPendingPhoneCode()?.phoneNumber ?? '' },
  });
  const { formState } = form;

  const onSubmit = async ({ phoneNumber }: PhoneSignInFormValues) => {
    setFailure(undefined);
    try {
      if (!recaptchaRef.current) throw new Error('The page is not ready');
      const verificationId = await sendPhoneSignInCode(phoneNumber, recaptchaRef.current);
      rememberPendingPhoneCode({ phoneNumber, verificationId, sentAt: Date.now() });
      navigate(PHONE_CODE_PATH, { state: location.state as unknown });
    } catch (error) {
      const refusal = phoneRefusal(error);
      if (refusal?.field === 'number') {
        form.setError('phoneNumber', { message: refusal.message });
      } else {
        setFailure(refusal?.message ?? m.accounts_phone_send_failed());
      }
      console.info('The sign-in code could not be sent', error);
      throw error; // keeps isSubmitSuccessful false
    }
  };

  const busy = formState.isSubmitting || formState.isSubmitSuccessful;
  return (
    <AuthShell title={m.accounts_phone_title()} subtitle={m.accounts_phone_subtitle()}>
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
        <p className="auth-form__footer">
          <Link to="/auth/login" state={location.state as unknown}>
            {m.accounts_phone_use_email()}
          </Link>
        </p>
      </AuthForm>
      {/* Firebase's invisible reCAPTCHA in production (outside the form's grid); nothing in the demo stack. */}
      <div ref={recaptchaRef} />
    </AuthShell>
  );
}
