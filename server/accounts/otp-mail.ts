import { OTP_TTL_MS } from '../../src/domain/constants';
import type { MailMessage } from '../mail/mailer';

export const OTP_MAIL_SUBJECT = 'Your Basha verification code';

/**
 * The verification mail: the same words in plain text and simple HTML. It carries nothing a user wrote (not even
 * the name they registered with): anyone can sign up with a stranger's address, and a name such as "Basha
 * Support: re-verify at evil.example" must not reach that stranger's inbox in Basha's voice.
 */
export function otpMail(to: string, code: string, ttlMs: number = OTP_TTL_MS): MailMessage {
  const minutes = Math.max(1, Math.round(ttlMs / 60_000));
  const lines = [
    'Hello,',
    `Your Basha verification code is ${code}`,
    `It expires in ${minutes} minutes. If you did not ask for it, you can ignore this mail: nothing happens without the code.`,
  ];
  return {
    to,
    subject: OTP_MAIL_SUBJECT,
    text: lines.join('\n\n'),
    html: [
      '<p>Hello,</p>',
      `<p>Your Basha verification code is <strong style="font-size:20px;letter-spacing:2px">${code}</strong></p>`,
      `<p>It expires in ${minutes} minutes. If you did not ask for it, you can ignore this mail: nothing happens without the code.</p>`,
    ].join('\n'),
  };
}
