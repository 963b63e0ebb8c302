import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';
import {
  ADDRESS_MAX_LENGTH,
  GENDERS,
  NAME_MAX_LENGTH,
  NID_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  URL_MAX_LENGTH,
  type Gender,
} from './constants';
import { isValidDateOfBirth } from './date-of-birth';
import type { ApiErrorCode } from './email-verification';
import { uploadedPhotoUrlPattern } from './uploaded-photo';
import { emailField, labelText, nameText, optionalLink, optionalText, bdPhoneField, requiredText } from './fields';
import type { Locale } from '@/i18n/locale';

/**
 * The user record as the server stores and answers it (accounts spec, section 3), and the payload of
 * `POST /user/create-new`. The password never reaches Basha's server: it goes to the identity provider.
 */

export const addressSchema = v.object({
  street: requiredText(() => m.accounts_street_required(), ADDRESS_MAX_LENGTH),
  city: requiredText(() => m.accounts_city_required(), SHORT_TEXT_MAX_LENGTH),
  postalCode: requiredText(() => m.accounts_postal_code_required(), SHORT_TEXT_MAX_LENGTH),
});

export const socialMediaSchema = v.object({
  facebook: optionalLink,
  instagram: optionalLink,
  linkedin: optionalLink,
});

/** The links in a request body: an object without unknown keys (valibot's object schemas take a list too). */
export const socialMediaBodySchema = v.optional(
  v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => !Array.isArray(input),
      () => m.accounts_social_media_not_object(),
    ),
    v.strictObject(socialMediaSchema.entries),
  ),
);

/** A photo stored by Basha's own upload endpoint, never a link to another host. */
export const uploadedImageUrlSchema = v.pipe(
  v.string(() => m.accounts_profile_image_not_link()),
  v.maxLength(URL_MAX_LENGTH, () => m.accounts_profile_image_link_too_long()),
  v.regex(uploadedPhotoUrlPattern('profile'), () => m.accounts_profile_image_not_uploaded()),
);

export const genderSchema = v.picklist(GENDERS, () => m.accounts_gender_required());

export const dateOfBirthSchema = v.pipe(
  v.string(() => m.accounts_birth_date_field_required()),
  v.nonEmpty(() => m.accounts_birth_date_field_required()),
  v.check(
    (value) => isValidDateOfBirth(value),
    () => m.accounts_birth_date_invalid(),
  ),
);

/** Body of POST /user/create-new. Unknown fields are refused, so nobody can set isVerified or status. */
export const newUserSchema = v.strictObject({
  name: nameText(() => m.accounts_full_name_required(), NAME_MAX_LENGTH),
  email: emailField(() => m.accounts_email_required()),
  phoneNumber: bdPhoneField(() => m.accounts_phone_required()),
  nid: optionalText(NID_MAX_LENGTH),
  gender: genderSchema,
  nationality: labelText(() => m.accounts_nationality_required(), SHORT_TEXT_MAX_LENGTH),
  occupation: labelText(() => m.accounts_occupation_required(), SHORT_TEXT_MAX_LENGTH),
  dateOfBirth: dateOfBirthSchema,
  address: v.strictObject(addressSchema.entries, () => m.accounts_address_required()),
  socialMedia: socialMediaBodySchema,
  profileImage: v.optional(v.nullable(uploadedImageUrlSchema)),
});
export type NewUser = v.InferOutput<typeof newUserSchema>;

/** Body of POST /user/find-id. */
export const findIdSchema = v.strictObject({ email: emailField(() => m.accounts_email_required()) });

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
  /** When the person joined ("member since"). */
  createdAt: string;
}

/** A person's own record, answered only to themselves. `nid` is present when they gave one. */
export interface UserRecord extends Omit<PublicProfile, 'address'> {
  email: string;
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
