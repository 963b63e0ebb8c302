import { useLocation } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { ButtonLink } from './button';

/**
 * Said to a visitor where an act needs an account (issue 40): sign in, and come back to this very page. `toDo`
 * completes "Sign in to …" ("review a service"); in Bangla it is the phrase before "সাইন ইন করুন".
 */
export function SignInNotice({ toDo }: { toDo: string }) {
  const location = useLocation();
  return (
    <div className="notice notice--info verify-email-notice" role="status">
      <p>
        <strong>{m.ui_sign_in_to({ toDo })}</strong> {m.ui_sign_in_why()}
      </p>
      <ButtonLink to="/auth/login" state={{ from: `${location.pathname}${location.search}` }}>
        {m.ui_sign_in_button()}
      </ButtonLink>
    </div>
  );
}
