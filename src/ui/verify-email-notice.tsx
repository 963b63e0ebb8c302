import { verifyEmailPath } from '@/domain/email-verification';
import { ButtonLink } from './button';

/** Said before a form is filled: posting needs a verified e-mail, and here is the way to it. */
export function VerifyEmailNotice({ userId, toDo }: { userId: string; toDo: string }) {
  return (
    <div className="notice notice--info verify-email-notice" role="status">
      <p>
        <strong>Verify your email to {toDo}.</strong> We mail you a 6-digit code; it takes a minute, and it keeps fake
        accounts out of Basha.
      </p>
      <ButtonLink to={verifyEmailPath(userId)}>Verify my email</ButtonLink>
    </div>
  );
}
