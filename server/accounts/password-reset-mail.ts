import { m } from '../../src/i18n/generated/messages.js';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n/locale';
import type { MailMessage } from '../mail/mailer';

export const PASSWORD_RESET_MAIL_SUBJECT = (locale: Locale = DEFAULT_LOCALE): string =>
  m.mail_reset_subject({}, { locale });
/** Basha's own page that sets the new password (src/features/accounts/ui/new-password-page.tsx). */
export const NEW_PASSWORD_PATH = '/auth/new-password';

/** The link in the mail: Basha's page on its public address, carrying Firebase's one-time reset code. */
export function passwordResetLink(publicUrl: string, oobCode: string): string {
  const url = new URL(NEW_PASSWORD_PATH, `${publicUrl}/`);
  url.searchParams.set('oobCode', oobCode);
  return url.toString();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The reset mail, in the account's language: plain text and simple HTML with the same words. Like the code mail it carries nothing a user
 * wrote, and it names no account detail beyond the address it goes to: anyone may ask for it for any address.
 */
export function passwordResetMail(to: string, link: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const lines = [
    m.mail_greeting({}, { locale }),
    m.mail_reset_intro({}, { locale }),
    link,
    m.mail_reset_expiry({}, { locale }),
  ];
  const href = escapeHtml(link);
  return {
    to,
    subject: PASSWORD_RESET_MAIL_SUBJECT(locale),
    text: lines.join('\n\n'),
    html: [
      `<p>${lines[0]}</p>`,
      `<p>${lines[1]}</p>`,
      `<p><a href="${href}">${m.mail_reset_button({}, { locale })}</a></p>`,
      `<p style="font-size:12px;color:#555">${href}</p>`,
      `<p>${lines[3]}</p>`,
    ].join('\n'),
  };
}
