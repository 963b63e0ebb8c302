import { GENDERS } from '@/domain/constants';
import { genderName } from '@/domain/gender-name';
import { m } from '@/i18n/generated/messages.js';
import { SelectOptions } from './field';
import { SelectField, TextField } from './form-field';

/** Fields of a person that the registration and the profile forms both ask. */

export function GenderField() {
  return (
    <SelectField name="gender" label={m.form_gender()}>
      <option value="">{m.form_select_gender()}</option>
      <SelectOptions values={GENDERS} labels={genderName} />
    </SelectField>
  );
}

const SOCIAL_MEDIA = [
  { key: 'facebook', label: 'Facebook', placeholder: 'https://facebook.com/...' },
  { key: 'instagram', label: 'Instagram', placeholder: 'https://instagram.com/...' },
  { key: 'linkedin', label: 'LinkedIn', placeholder: 'https://linkedin.com/in/...' },
] as const;

/** The three optional profile links; `prefix` is `socialMedia.` where they are nested. */
export function SocialMediaFields({
  prefix = '',
  withPlaceholders = false,
}: {
  prefix?: string;
  withPlaceholders?: boolean;
}) {
  return SOCIAL_MEDIA.map(({ key, label, placeholder }) => (
    <TextField
      key={key}
      name={`${prefix}${key}`}
      label={label}
      optional
      type="url"
      placeholder={withPlaceholders ? placeholder : undefined}
    />
  ));
}
