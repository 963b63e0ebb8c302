import type { InputHTMLAttributes, ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { POSTAL_CODE_DIGITS } from '@/domain/fields';
import { normaliseBdPhone } from '@/domain/phone';
import { readTypedDigits } from '@/domain/typed-number';
import { localDigits } from '@/i18n/digits';
import { getLocale } from '@/i18n/generated/runtime.js';
import { TextField } from './form-field';
import { amountEcho } from './number-echo';
import { useFieldError } from './use-field-error';

/**
 * The number fields of the forms (issue 39): text boxes, not number boxes (those refuse Bangla digits and
 * grouping commas), that read what is typed as the form's rules will (src/domain/typed-number.ts) and say under
 * the field what they understood. The line gives way to the field's error once the form has one.
 */

type FieldProps = { name: string; label: string } & InputHTMLAttributes<HTMLInputElement>;

/** The field's text as the form holds it now (a number when the form started from one). */
function useFieldText(name: string): string {
  const value: unknown = useWatch({ name });
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** The line under a field, unless the field has an error to show instead. */
function useEcho(name: string, echo: (text: string) => ReactNode): ReactNode {
  const text = useFieldText(name);
  const error = useFieldError(name);
  return error ? undefined : echo(text);
}

/** What a code or number reads as, in the page's digits, when that differs from what was typed. */
function unlessAsTyped(text: string, understood: string | undefined): ReactNode {
  if (understood === undefined) return undefined;
  const shown = localDigits(understood, getLocale());
  return shown === text.trim() ? undefined : <span className="number-echo">{shown}</span>;
}

/** An amount in taka: "১৮,০০০", "BDT 18,000", "1,20,000" are all 18,000 or 120,000, and the line says which. */
export function AmountField({ name, label, ...props }: FieldProps) {
  const hint = useEcho(name, amountEcho);
  return (
    <TextField name={name} label={label} type="text" inputMode="numeric" autoComplete="off" hint={hint} {...props} />
  );
}

/** A postal code: four digits in either script ("১২০৫"), spaces between them allowed. */
export function PostalCodeField({ name, label, ...props }: FieldProps) {
  const hint = useEcho(name, (text) => {
    const digits = readTypedDigits(text);
    return unlessAsTyped(text, digits?.length === POSTAL_CODE_DIGITS ? digits : undefined);
  });
  return <TextField name={name} label={label} autoComplete="postal-code" inputMode="numeric" hint={hint} {...props} />;
}

/**
 * A Bangladesh mobile number, typed any usual way; the line shows the one form it is kept in, or the `hint` given
 * while there is none to show (and no error: the error says what is wanted).
 */
export function PhoneField({ name, label, hint, ...props }: FieldProps & { hint?: ReactNode }) {
  const echo = useEcho(name, (text) => unlessAsTyped(text, normaliseBdPhone(text)));
  const error = useFieldError(name);
  const shown = echo ?? (error ? undefined : hint);
  return <TextField name={name} label={label} type="tel" autoComplete="tel" hint={shown} {...props} />;
}
