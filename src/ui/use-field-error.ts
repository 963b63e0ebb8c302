import { get, useFormState, type FieldError } from 'react-hook-form';

/** The message of the error the form around holds for `name` (a dotted path such as `address.city`), if any. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  return (get(errors, name) as FieldError | undefined)?.message;
}
