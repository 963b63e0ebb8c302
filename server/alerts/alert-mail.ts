import { and, eq, inArray } from 'drizzle-orm';
import type { AlertFilters } from '../../src/domain/alerts';
import { LISTING_KIND_FACTS, listingPagePath, type ListingKind } from '../../src/domain/listing-kinds';
import { placeLine, placesLine } from '../../src/domain/places/place-display';
import { formatTaka } from '../../src/i18n/format';
import { m } from '../../src/i18n/generated/messages.js';
import type { Locale } from '../../src/i18n/locale';
import { accountLanguage, findUserById } from '../accounts/users';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';
import { alerts } from '../db/schema';
import type { MailMessage, Mailer } from '../mail/mailer';
import { escapeHtml } from '../share/html';
import { findLiveListing, type LiveListing } from './alert-matching';
import { categoryName, alertFiltersInWords } from './alert-words';
import { unsubscribeUrl } from './unsubscribe';

/**
 * The mail of an alert's matches, for a person without push (issue 43, point 3): one mail per alert, in the person's
 * language, one line per listing with a link to its public page, and the alert's one-tap unsubscribe link, also in
 * the List-Unsubscribe headers (RFC 8058), so that a mail client's own "Unsubscribe" stops that alert and no other.
 * Each listing is said in Basha's own words only (its category, place and price), never in what its poster typed:
 * whoever could make Basha mail their text could use it to send spam in Basha's name.
 */

export interface AlertMailDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'sessionSecret'>;
}

/** One recorded match (an alert_matches row) to tell of. */
export interface AlertMatchToMail {
  alertId: string;
  listingId: string;
}

interface ListingLine {
  words: string;
  link: string;
}

function listingLine(listing: LiveListing, publicUrl: string, locale: Locale): ListingLine {
  const path = listingPagePath(LISTING_KIND_FACTS[listing.kind].publicPage, {
    id: listing.id,
    ownerId: listing.ownerId,
  });
  const link = `${publicUrl}${path ?? ''}`;
  switch (listing.kind) {
    case 'rent': {
      const { post } = listing;
      const parts = [categoryName('rent', post.category, locale)];
      if (post.place) parts.push(placeLine(post.place, locale));
      parts.push(formatTaka(post.cost, locale));
      return { words: parts.join(' · '), link };
    }
    case 'service': {
      const { service } = listing;
      const parts = [categoryName('service', service.category, locale)];
      const places = placesLine(service.servicePlaces ?? [], locale);
      if (places) parts.push(places);
      parts.push(`${formatTaka(service.minimumPrice, locale)}–${formatTaka(service.maximumPrice, locale)}`);
      return { words: parts.join(' · '), link };
    }
  }
}

/** The mail itself, for one alert and its listings (at least one). */
export function alertMail(
  to: string,
  alert: { kind: ListingKind; filters: AlertFilters },
  lines: readonly ListingLine[],
  unsubscribeLink: string,
  locale: Locale,
): MailMessage {
  const filters = alertFiltersInWords(alert.kind, alert.filters, locale);
  const subject =
    alert.kind === 'rent' ? m.mail_alert_subject_rent({}, { locale }) : m.mail_alert_subject_service({}, { locale });
  const intro =
    alert.kind === 'rent'
      ? m.mail_alert_intro_rent({ filters }, { locale })
      : m.mail_alert_intro_service({ filters }, { locale });
  const greeting = m.mail_greeting({}, { locale });
  const unsubscribe = m.mail_alert_unsubscribe({ link: unsubscribeLink }, { locale });
  const text = [greeting, intro, lines.map((line) => `- ${line.words}: ${line.link}`).join('\n'), unsubscribe].join(
    '\n\n',
  );
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>\n${lines.map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.words)}</a></li>`).join('\n')}\n</ul>`,
    `<p>${escapeHtml(unsubscribe)}</p>`,
  ].join('\n');
  return {
    to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Mails a person their alerts' matches: one mail per alert, each with the listings still shown (a listing deleted,
 * hidden or Booked since it matched is left out; an alert left with none sends nothing). Only to an address its owner
 * proved, as every Basha mail: a person without one (a phone account) gets none. Matches of alerts that are not the
 * person's (or no longer exist) are passed over. Answers how many mails went; rejects when the SMTP server refuses
 * one, after the mails before it went (give it one alert's matches at a time to retry exactly what failed).
 */
export async function sendAlertMail(
  deps: AlertMailDeps,
  userId: string,
  matches: readonly AlertMatchToMail[],
): Promise<number> {
  if (matches.length === 0) return 0;
  const person = await findUserById(deps.db, userId);
  if (!person?.isVerified || !person.email) return 0;
  const locale = accountLanguage(person.language);
  const alertIds = [...new Set(matches.map((match) => match.alertId))];
  const rows = await deps.db
    .select()
    .from(alerts)
    .where(and(inArray(alerts.id, alertIds), eq(alerts.userId, userId)));
  let sent = 0;
  for (const alert of rows) {
    const kind = alert.kind as ListingKind;
    const listingIds = [
      ...new Set(matches.filter((match) => match.alertId === alert.id).map((match) => match.listingId)),
    ];
    const lines: ListingLine[] = [];
    for (const listingId of listingIds) {
      const listing = await findLiveListing(deps.db, kind, listingId);
      if (listing) lines.push(listingLine(listing, deps.config.publicUrl, locale));
    }
    if (lines.length === 0) continue;
    const link = unsubscribeUrl(deps.config, alert.id);
    await deps.mailer.send(alertMail(person.email, { kind, filters: alert.filters }, lines, link, locale));
    sent += 1;
  }
  return sent;
}
