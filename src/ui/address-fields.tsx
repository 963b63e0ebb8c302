import { m } from '@/i18n/generated/messages.js';
import { TextField } from './form-field';
import { PostalCodeField } from './number-fields';

/** City and postal code, as the registration, profile and rent-ad forms ask them; `prefix` is `address.` where nested. */
export function CityAndPostalCodeFields({ prefix = '' }: { prefix?: string }) {
  return (
    <>
      <TextField name={`${prefix}city`} label={m.form_city()} autoComplete="address-level2" />
      <PostalCodeField name={`${prefix}postalCode`} label={m.form_postal_code()} />
    </>
  );
}
