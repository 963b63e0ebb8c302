import { useLocation } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { AddContactPage } from './add-contact-page';
import { sendPhoneSignInCode } from '@/lib/firebase-phone';
import { PhoneCodePage } from './phone-code-page';
import { PHONE_CODE_PATH, PHONE_REGISTER_PATH, readPendingPhoneCode } from './phone-code-state';
import { PhoneNumberStep } from './phone-number-step';
import { PhoneRegisterPage } from './phone-register-page';

/** Where a signed-in person adds a phone number or an e-mail (./add-contact-page.tsx). */
const ADD_CONTACT_PATHS = '/main/add/';

/**
 * The phone sign-in, one page module for its three steps (src/domain/route-manifest.ts), each at its own path so
 * that Back and a reload work as on separate pages; and the steps that add a phone number or an e-mail to one's
 * account, which reuse them.
 */
export function PhonePage() {
  const { pathname } = useLocation();
  if (pathname === PHONE_CODE_PATH) return <PhoneCodePage />;
  if (pathname === PHONE_REGISTER_PATH) return <PhoneRegisterPage />;
  if (pathname.startsWith(ADD_CONTACT_PATHS)) return <AddContactPage />;
  return <PhoneNumberPage />;
}

/**
 * /auth/phone (issue 40): "Continue with phone number". A Bangladesh mobile number, typed any usual way (Bangla
 * digits too), gets a 6-digit code by SMS (in the demo stack, from the Auth emulator); the code page comes next.
 * The same steps sign in or, for a new number, lead to registration. Where the visitor was going
 * (`location.state.from`) goes along.
 */
function PhoneNumberPage() {
  return (
    <PhoneNumberStep
      title={m.accounts_phone_title()}
      subtitle={m.accounts_phone_subtitle()}
      // Back from the code page to change the number: the number typed before is there.
      defaultNumber={readPendingPhoneCode()?.phoneNumber ?? ''}
      sendCode={sendPhoneSignInCode}
      codePath={PHONE_CODE_PATH}
      footer={{ to: '/auth/login', text: m.accounts_phone_use_email() }}
    />
  );
}
