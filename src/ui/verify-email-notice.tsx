import { verifyEmailPath } from '@/domain/email-verification';
import { m } from '@/i18n/generated/messages.js';
import { ButtonLink } from './button';

/**
 * Said before a form is filled: posting needs a verified e-mail, and here is the way to it. `toDo` completes
 * "Verify your email to …" ("post a rental ad"); in Bangla it is the phrase before "জন্য" ("ভাড়ার বিজ্ঞাপন দেওয়ার").
 */
export function VerifyEmailNotice({ userId, toDo }: { userId: string; toDo: string }) {
  return (
    <div className="notice notice--info verify-email-notice" role="status">
      <p>
        <strong>{m.ui_verify_email_to({ toDo })}</strong> {m.ui_verify_email_why()}
      </p>
      <ButtonLink to={verifyEmailPath(userId)}>{m.ui_verify_email_button()}</ButtonLink>
    </div>
  );
}
