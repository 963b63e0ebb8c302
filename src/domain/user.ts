import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';
import {
  ADDRESS_MAX_LENGTH,
  GENDERS,
  NAME_MAX_LENGTH,
  NID_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  URL_MAX_LENGTH,
} from './constants';
import { isValidDateOfBirth } from './date-of-birth';
import { uploadedPhotoUrlPattern } from './uploaded-photo';
import {
  bdPhoneField,
  emailField,
  labelText,
  nameText,
  optionalLink,
  optionalText,
  postalCodeField,
  requiredText,
} from './fields';

/**
 * The user record as the server stores and answers it (accounts spec, section 3), and the payload of
 * `POST /user/create-new`. The password never reaches Basha's server: it goes to the identity provider.
 */

export const addressSchema = v.object({
  street: requiredText(() => m.accounts_street_required(), ADDRESS_MAX_LENGTH),
  city: requiredText(() => m.accounts_city_required(), SHORT_TEXT_MAX_LENGTH),
  postalCode: postalCodeField(() => m.accounts_postal_code_required()),
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

/**
 * Body of POST /user/create-new for a Firebase token of the phone provider (issue 40): the e-mail may be left out,
 * and the phone number too (the token's proven number is taken); a number given must be the token's.
 */
export const newPhoneUserSchema = v.strictObject({
  ...newUserSchema.entries,
  email: v.optional(emailField(() => m.accounts_email_required())),
  phoneNumber: v.optional(bdPhoneField(() => m.accounts_phone_required())),
});
export type NewPhoneUser = v.InferOutput<typeof newPhoneUserSchema>;

/** Body of POST /user/find-id. */
export const findIdSchema = v.strictObject({ email: emailField(() => m.accounts_email_required()) });

/** Body of POST /user/find-id for an account made with a phone number: the token's own number (issue 40). */
export const findIdByPhoneSchema = v.strictObject({ phoneNumber: bdPhoneField(() => m.accounts_phone_required()) });

export type { ApiEnvelope, ProfileRecord, PublicProfile, UserRecord } from './user-record';
