import type { MailMessage } from '../mail/mailer';

export const PASSWORD_RESET_MAIL_SUBJECT = 'Reset your Basha password';
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
 * The reset mail: plain text and simple HTML with the same words. Like the code mail it carries nothing a user
 * wrote, and it names no account detail beyond the address it goes to: anyone may ask for it for any address.
 */
export function passwordResetMail(to: string, link: string): MailMessage {
  const lines = [
    'Hello,',
    'Someone (we hope you) asked to reset the password of the Basha account with this email address. Open this link to choose a new password:',
    link,
    'The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
  ];
  const href = escapeHtml(link);
  return {
    to,
    subject: PASSWORD_RESET_MAIL_SUBJECT,
    text: lines.join('\n\n'),
    html: [
      '<p>Hello,</p>',
      `<p>${lines[1]}</p>`,
      `<p><a href="${href}">Choose a new password</a></p>`,
      `<p style="font-size:12px;color:#555">${href}</p>`,
      `<p>${lines[3]}</p>`,
    ].join('\n'),
  };
}
