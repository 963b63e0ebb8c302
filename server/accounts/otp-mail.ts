import { OTP_TTL_MS } from '../../src/domain/constants';
import type { MailMessage } from '../mail/mailer';

export const OTP_MAIL_SUBJECT = 'Your Basha verification code';

/** The verification mail: the same words in plain text and simple HTML. */
export function otpMail(to: string, name: string, code: string, ttlMs: number = OTP_TTL_MS): MailMessage {
  const minutes = Math.max(1, Math.round(ttlMs / 60_000));
  const lines = [
    `Hello ${name},`,
    `Your Basha verification code is ${code}`,
    `It expires in ${minutes} minutes. If you did not ask for it, you can ignore this mail.`,
  ];
  return {
    to,
    subject: OTP_MAIL_SUBJECT,
    text: lines.join('\n\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      `<p>Your Basha verification code is <strong style="font-size:20px;letter-spacing:2px">${code}</strong></p>`,
      `<p>It expires in ${minutes} minutes. If you did not ask for it, you can ignore this mail.</p>`,
    ].join('\n'),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
