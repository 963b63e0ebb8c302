import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';

/** Outgoing mail over SMTP (maildev on one machine, any SMTP server through SMTP_URL). */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (an alert's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message; rejects on any failure. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

// Short time-outs: a dead SMTP server must turn into an error answer, not a hanging request.
const SMTP_TIMEOUT_MS = 10_000;

export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  // SMTPTransport merges `url` with the other options; createTransport(url) would drop the time-outs.
  const transport = nodemailer.createTransport(
    new SMTPTransport({
      url: options.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    }),
  );
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}
