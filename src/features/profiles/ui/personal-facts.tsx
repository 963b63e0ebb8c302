import { parseIsoDate } from '@/domain/date-of-birth';
import { monthNames } from '@/i18n/format';
import { readablePhone } from '@/domain/phone-links';
import { isOwnRecord, type ProfileRecord } from '@/domain/user-record';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { GENDER_NAMES, nameOf } from './display-names';

/** A yyyy-MM-dd date written out ("15 August 1990", "১৫ আগস্ট ১৯৯০"); the text itself when it is not one. */
export function longDate(isoDate: string): string {
  const parts = parseIsoDate(isoDate);
  const month = parts && monthNames()[parts.month - 1];
  if (!parts || !month) return isoDate;
  return localDigits(`${parts.day} ${month} ${parts.year}`, getLocale());
}

/** The month and year of an instant, in UTC ("August 2025", "আগস্ট ২০২৫"). */
export function monthYear(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime;
  return localDigits(`${monthNames()[date.getUTCMonth()]} ${date.getUTCFullYear()}`, getLocale());
}

/** Everything to the person themselves; to others, only the public profile (docs/security.md, who sees what). */
export function PersonalFacts({ user }: { user: ProfileRecord }) {
  const phone = isOwnRecord(user) && user.phoneNumber ? readablePhone(user.phoneNumber, getLocale()) : undefined;
  // A number proven by an SMS code says so (issue 40).
  const shownPhone =
    phone && isOwnRecord(user) && user.phoneVerified ? m.profiles_phone_verified_value({ phone }) : phone;
  const rows: [string, string][] = isOwnRecord(user)
    ? [
        [m.profiles_fact_phone(), shownPhone ?? m.profiles_not_provided()],
        [m.profiles_fact_whatsapp(), phone ?? m.profiles_not_available()],
        [m.profiles_fact_email(), user.email || m.profiles_not_provided()],
        [m.profiles_fact_date_of_birth(), user.dateOfBirth ? longDate(user.dateOfBirth) : m.profiles_not_provided()],
        [m.profiles_fact_gender(), user.gender ? nameOf(GENDER_NAMES, user.gender) : m.profiles_not_specified()],
        [m.profiles_fact_nationality(), user.nationality || m.profiles_not_specified()],
        [m.profiles_fact_address_line(), user.address.street || m.profiles_not_provided()],
        [m.profiles_fact_city(), user.address.city || m.profiles_not_provided()],
        [
          m.profiles_fact_postal_code(),
          user.address.postalCode ? localDigits(user.address.postalCode, getLocale()) : m.profiles_not_provided(),
        ],
      ]
    : [
        [m.profiles_fact_city(), user.address.city || m.profiles_not_provided()],
        [m.profiles_fact_member_since(), monthYear(user.createdAt)],
        [m.profiles_fact_email(), user.isVerified ? m.profiles_email_verified() : m.profiles_email_not_verified()],
      ];
  return (
    <>
      <dl className="facts facts--two">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {isOwnRecord(user) ? (
        <p className="text-muted profile-privacy-note">{m.profiles_privacy_own()}</p>
      ) : (
        <p className="text-muted profile-privacy-note">{m.profiles_privacy_other()}</p>
      )}
    </>
  );
}
