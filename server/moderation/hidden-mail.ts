import type { ReportReason } from '../../src/domain/report';
import type { Locale } from '../../src/i18n/locale';
import { m } from '../../src/i18n/generated/messages.js';
import type { MailMessage } from '../mail/mailer';

/** The reason as the owner's mail says it, in their language. */
function reasonInMail(reason: ReportReason, locale: Locale): string {
  switch (reason) {
    case 'scam':
      return m.mail_hidden_reason_scam({}, { locale });
    case 'wrong-details':
      return m.mail_hidden_reason_wrong_details({}, { locale });
    case 'already-rented':
      return m.mail_hidden_reason_already_rented({}, { locale });
    case 'offensive':
      return m.mail_hidden_reason_offensive({}, { locale });
    case 'duplicate':
      return m.mail_hidden_reason_duplicate({}, { locale });
    case 'other':
      return m.mail_hidden_reason_other({}, { locale });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Tells an owner that a moderator hid their item, and why, in the account's language. The label is the owner's
 * own words (their ad's address, their review's start), escaped in the HTML part.
 */
export function hiddenItemMail(to: string, item: { label: string; reason: ReportReason }, locale: Locale): MailMessage {
  const lines = [
    m.mail_greeting({}, { locale }),
    m.mail_hidden_intro({ label: item.label }, { locale }),
    m.mail_hidden_reason({ reason: reasonInMail(item.reason, locale) }, { locale }),
    m.mail_hidden_outro({}, { locale }),
  ];
  return {
    to,
    subject: m.mail_hidden_subject({}, { locale }),
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}
