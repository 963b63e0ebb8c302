import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';
import { NAME_MAX_LENGTH, NID_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from './constants';
import {
  emailField,
  hasHiddenFormatCharacter,
  HIDDEN_CHARACTER_MESSAGE,
  labelText,
  nameText,
  optionalText,
  bdPhoneField,
} from './fields';
import {
  addressSchema,
  dateOfBirthSchema,
  genderSchema,
  socialMediaBodySchema,
  uploadedImageUrlSchema,
  type UserRecord,
} from './user';

/**
 * The edit-profile form (accounts spec, section 5) and the body of `PATCH /user/update-details/{userId}`.
 * An allow-list: e-mail is shown and sent but cannot change; status and verification are not fields at all.
 */
export const editProfileSchema = v.strictObject({
  name: nameText(() => m.accounts_full_name_required(), NAME_MAX_LENGTH),
  // Left out, or left empty, by an account made with a phone number that has no address yet (issue 40); one given
  // there is added. An e-mail account sends its own, which cannot change (the server checks).
  email: v.optional(
    v.pipe(
      v.string(() => m.accounts_email_required()),
      v.trim(),
      v.transform((value) => (value === '' ? undefined : value)),
      v.optional(emailField(() => m.accounts_email_required())),
    ),
  ),
  phoneNumber: bdPhoneField(() => m.accounts_phone_required()),
  dateOfBirth: dateOfBirthSchema,
  gender: genderSchema,
  nationality: labelText(() => m.accounts_nationality_required(), SHORT_TEXT_MAX_LENGTH),
  occupation: v.pipe(
    optionalText(SHORT_TEXT_MAX_LENGTH),
    v.check((value) => value === undefined || !hasHiddenFormatCharacter(value), HIDDEN_CHARACTER_MESSAGE),
  ),
  nid: optionalText(NID_MAX_LENGTH),
  address: v.strictObject(addressSchema.entries, () => m.accounts_address_required()),
  socialMedia: socialMediaBodySchema,
  profileImage: v.optional(v.nullable(uploadedImageUrlSchema)),
});
export type EditProfileInput = v.InferInput<typeof editProfileSchema>;
export type EditProfileValues = v.InferOutput<typeof editProfileSchema>;

/** The refusal of a changed e-mail, in the language of the moment it is made. */
export function emailCannotChangeMessage(): string {
  return m.profiles_email_cannot_change();
}

/** The form's starting values from the stored profile. */
export function editProfileDefaults(user: UserRecord): EditProfileInput {
  return {
    name: user.name,
    email: user.email ?? undefined,
    phoneNumber: user.phoneNumber,
    dateOfBirth: user.dateOfBirth,
    gender: user.gender,
    nationality: user.nationality,
    occupation: user.occupation ?? '',
    nid: user.nid ?? '',
    address: { ...user.address },
    socialMedia: {
      facebook: user.socialMedia.facebook ?? '',
      instagram: user.socialMedia.instagram ?? '',
      linkedin: user.socialMedia.linkedin ?? '',
    },
  };
}
