import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { REDIRECT_AFTER_LOGIN_MS } from '@/domain/constants';
import { m } from '@/i18n/generated/messages.js';
import { sendPhoneSignInCode, signInWithPhoneCode } from '@/lib/firebase-phone';
import { showToast } from '@/ui/toast/toast-atoms';
import { completePhoneSignIn } from '../session/phone-session';
import { PHONE_REGISTER_PATH, readPendingPhoneCode, rememberPendingPhoneCode } from './phone-code-state';
import { PhoneCodeStep } from './phone-code-step';
import { useReturnPath } from './use-return-path';

/**
 * /auth/phone/code (issue 40; a step of ./phone-page.tsx): the 6-digit code of the SMS (Bangla digits too). It survives a reload, as the e-mail
 * code page does: the number and Firebase's verification id are kept for the tab (./phone-code-state.ts). Without
 * them (opened directly, or an hour later) the number is asked again. A right code signs in the number's account
 * and goes where the visitor was going, or opens the registration of a new number.
 */
export function PhoneCodePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = useReturnPath();
  const [pending] = useState(() => readPendingPhoneCode());
  if (!pending) return <Navigate to="/auth/phone" replace state={location.state as unknown} />;
  const confirm = async (verificationId: string, otp: string) => {
    const user = await signInWithPhoneCode(verificationId, otp);
    rememberPendingPhoneCode(undefined);
    const outcome = await completePhoneSignIn(user);
    if (outcome === 'new-number') {
      navigate(PHONE_REGISTER_PATH, { replace: true, state: location.state as unknown });
      return;
    }
    showToast(m.accounts_login_success(), 'success', REDIRECT_AFTER_LOGIN_MS + 500);
    setTimeout(() => navigate(returnPath, { replace: true }), REDIRECT_AFTER_LOGIN_MS);
  };
  return (
    <PhoneCodeStep
      sent={pending}
      sendCode={sendPhoneSignInCode}
      confirm={confirm}
      failed={m.accounts_error_sign_in_failed}
      changeNumberPath="/auth/phone"
    />
  );
}
