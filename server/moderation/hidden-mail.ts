import { assertNever } from '../../src/domain/listing-kinds';
import type { ReportKind, ReportReason } from '../../src/domain/report';
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

/**
 * The item in Basha's own words: "your profile", "your rent ad in Dhanmondi". Never a word a user typed (a name, an
 * address, a review): whoever can get a name or an ad hidden could otherwise make Basha mail their text.
 */
function itemInMail(item: HiddenItemInMail, locale: Locale): string {
  switch (item.kind) {
    case 'rent':
      return item.placeName === undefined
        ? m.mail_hidden_item_rent({}, { locale })
        : m.mail_hidden_item_rent_in({ place: item.placeName }, { locale });
    case 'service':
      return m.mail_hidden_item_service({}, { locale });
    case 'review':
      return m.mail_hidden_item_review({}, { locale });
    case 'user':
      return m.mail_hidden_item_user({}, { locale });
    case 'conversation':
      return m.mail_hidden_item_conversation({}, { locale });
    default:
      return assertNever(item.kind);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** What the mail may say of a hidden item: its kind, a rent ad's place by the place tree's name, and the reason. */
export interface HiddenItemInMail {
  kind: ReportKind;
  /** The name of the ad's area in the bundled place tree (never the city or street the poster typed). */
  placeName?: string | undefined;
  reason: ReportReason;
}

/**
 * Tells an owner that a moderator hid their item, and why, in the account's language, in fixed words only. Sent only
 * to a verified address (server/moderation/routes.ts).
 */
export function hiddenItemMail(to: string, item: HiddenItemInMail, locale: Locale): MailMessage {
  const lines = [
    m.mail_greeting({}, { locale }),
    m.mail_hidden_intro({ item: itemInMail(item, locale) }, { locale }),
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
