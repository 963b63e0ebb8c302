import { OTP_TTL_MS } from '../../src/domain/constants';
import { localDigits } from '../../src/i18n/digits';
import { m } from '../../src/i18n/generated/messages.js';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n/locale';
import type { MailMessage } from '../mail/mailer';

export const OTP_MAIL_SUBJECT = (locale: Locale = DEFAULT_LOCALE): string => m.mail_otp_subject({}, { locale });

/**
 * The verification mail, in the account's language: the same words in plain text and simple HTML. It carries
 * nothing a user wrote (not even the name they registered with): anyone can sign up with a stranger's address,
 * and a name such as "Basha Support: re-verify at evil.example" must not reach that stranger's inbox in Basha's
 * voice. The code itself stays in Latin digits in both languages: it is typed back, and every keyboard has them.
 */
export function otpMail(
  to: string,
  code: string,
  ttlMs: number = OTP_TTL_MS,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  const minutes = localDigits(String(Math.max(1, Math.round(ttlMs / 60_000))), locale);
  const greeting = m.mail_greeting({}, { locale });
  const expiry = m.mail_otp_expiry({ minutes }, { locale });
  const codeLine = (shownCode: string) => m.mail_otp_code({ code: shownCode }, { locale });
  return {
    to,
    subject: OTP_MAIL_SUBJECT(locale),
    text: [greeting, codeLine(code), expiry].join('\n\n'),
    html: [
      `<p>${greeting}</p>`,
      `<p>${codeLine(`<strong style="font-size:20px;letter-spacing:2px">${code}</strong>`)}</p>`,
      `<p>${expiry}</p>`,
    ].join('\n'),
  };
}
