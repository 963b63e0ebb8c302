import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';

/**
 * The end of a phone page's form: its one way elsewhere (to e-mail sign-in, to another number), taking along where
 * the person was going (`state`).
 */
export function PhoneFormFooter({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  return (
    <p className="auth-form__footer">
      <Link to={to} state={state}>
        {children}
      </Link>
    </p>
  );
}

/**
 * Where Firebase puts its invisible reCAPTCHA in production, which it requires before it sends an SMS (outside the
 * form's grid); nothing in the demo stack. The page hands its element to sendPhoneCode.
 */
export function RecaptchaSlot({ ref }: { ref: Ref<HTMLDivElement> }) {
  return <div ref={ref} />;
}
