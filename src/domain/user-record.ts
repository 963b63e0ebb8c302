import type { ApiErrorCode } from './email-verification';
import type { Gender } from './constants';
import type { Locale } from '@/i18n/locale';

/**
 * The user record as the server answers it, and the API's envelope: types and one guard, no schemas, so the app's
 * first screen can read a record without loading the form rules (./user.ts) and the phone-number library they use.
 */

/**
 * What any signed-in person may see of someone else (docs/security.md, "Who sees what"): nothing that would let
 * a stranger find, call or impersonate them. A phone number is public only where its owner published it, on
 * their rent ads and services.
 */
export interface PublicProfile {
  _id: string;
  name: string;
  occupation: string | null;
  address: { city: string };
  /** The links the person chose to add; each is optional. */
  socialMedia: { facebook?: string; instagram?: string; linkedin?: string };
  profileImage: string | null;
  isVerified: boolean;
  /**
   * Whether their phone number is one a Firebase phone sign-in proved (public profiles say "Phone verified").
   * The server always sends it; optional so that records kept from before issue 40 still read.
   */
  phoneVerified?: boolean;
  /** When the person joined ("member since"). */
  createdAt: string;
}

/** A person's own record, answered only to themselves. `nid` is present when they gave one. */
export interface UserRecord extends Omit<PublicProfile, 'address'> {
  /** Null for an account made with a phone number until its owner adds an address (issue 40). */
  email: string | null;
  phoneNumber: string;
  nid?: string;
  gender: Gender;
  nationality: string;
  dateOfBirth: string;
  address: { street: string; city: string; postalCode: string };
  status: string;
  /** The language the account reads Basha in (its mails too). */
  language: Locale;
  /** Set on a moderator's own record (MODERATOR_EMAILS): the app links the moderation page. */
  moderator?: boolean;
}

/** What `GET /user/find-info/{userId}` answers: the whole record to its owner, the public profile to others. */
export type ProfileRecord = UserRecord | PublicProfile;

export function isOwnRecord(record: ProfileRecord): record is UserRecord {
  return 'email' in record;
}

/** The JSON envelope of every API answer. */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data?: T;
  errors?: Record<string, string[]>;
  /** On some refusals: what the app can do about it (lead to the verification page, say). */
  code?: ApiErrorCode;
}
