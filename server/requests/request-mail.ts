import type { RequestStatus, TimeOfDay } from '../../src/domain/request-status';
import { localDigits } from '../../src/i18n/digits';
import type { Locale } from '../../src/i18n/locale';
import { m } from '../../src/i18n/generated/messages.js';
import type { MailMessage } from '../mail/mailer';
import { statusWord } from './request-store';

/**
 * The mails of requests (issue 41, point 5), in the recipient's language and in Basha's fixed words only: the kind,
 * the date, the time of day and the status, never a name or a note someone typed (whoever could make Basha mail
 * their text could use it to send spam in Basha's name). Until push arrives.
 */

function timeWord(time: TimeOfDay, locale: Locale): string {
  switch (time) {
    case 'morning':
      return m.mail_request_morning({}, { locale });
    case 'afternoon':
      return m.mail_request_afternoon({}, { locale });
    case 'evening':
      return m.mail_request_evening({}, { locale });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function mail(to: string, subject: string, lines: string[]): MailMessage {
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

export interface RequestInMail {
  kind: 'service' | 'visit';
  date: string;
  timeOfDay: TimeOfDay;
}

const dateIn = (date: string, locale: Locale) => localDigits(date, locale);

/** To the owner: someone asks for a job or a visit. */
export function newRequestMail(to: string, request: RequestInMail, link: string, locale: Locale): MailMessage {
  const when = { date: dateIn(request.date, locale), time: timeWord(request.timeOfDay, locale) };
  return mail(to, m.mail_request_new_subject({}, { locale }), [
    m.mail_greeting({}, { locale }),
    request.kind === 'service'
      ? m.mail_request_new_service(when, { locale })
      : m.mail_request_new_visit(when, { locale }),
    m.mail_request_link({ link }, { locale }),
  ]);
}

/** To the other side: the request was accepted, declined, cancelled or marked done. */
export function requestAnswerMail(
  to: string,
  request: RequestInMail,
  status: RequestStatus,
  link: string,
  locale: Locale,
): MailMessage {
  const word = statusWord(status, locale);
  return mail(to, m.mail_request_answer_subject({ status: word }, { locale }), [
    m.mail_greeting({}, { locale }),
    m.mail_request_answer_body(
      { date: dateIn(request.date, locale), time: timeWord(request.timeOfDay, locale), status: word },
      { locale },
    ),
    m.mail_request_link({ link }, { locale }),
  ]);
}
