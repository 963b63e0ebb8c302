import { NavLink } from 'react-router-dom';
import { verifyEmailPath } from '@/domain/email-verification';
import { m } from '@/i18n/generated/messages.js';
import { useEmailVerification } from '@/lib/use-email-verification';

/** The header's "Verify email" link, while the signed-in person's e-mail is unproven (see VerifyEmailNavItem). */
export default function VerifyEmailLink({ selfId }: { selfId: string }) {
  if (useEmailVerification(selfId) !== 'unverified') return null;
  return (
    <li>
      <NavLink to={verifyEmailPath(selfId)} className="site-nav__link">
        {m.accounts_verify_email_link()}
      </NavLink>
    </li>
  );
}
