import { TextField } from './form-field';

/** City and postal code, as the registration, profile and rent-ad forms ask them; `prefix` is `address.` where nested. */
export function CityAndPostalCodeFields({ prefix = '' }: { prefix?: string }) {
  return (
    <>
      <TextField name={`${prefix}city`} label="City" autoComplete="address-level2" />
      <TextField name={`${prefix}postalCode`} label="Postal Code" autoComplete="postal-code" inputMode="numeric" />
    </>
  );
}
