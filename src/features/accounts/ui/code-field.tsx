import { m } from '@/i18n/generated/messages.js';
import { TextField } from '@/ui/form-field';

/**
 * The 6-digit code box of every code page (the mailed code, the SMS code of a sign-in or of a number being added):
 * one field named `otp` of the form around it (the domain's otpFormSchema reads Bangla digits too), which phones
 * fill from the SMS or mail (`one-time-code`).
 */
export function CodeField() {
  return (
    <TextField
      name="otp"
      label={m.accounts_otp_label()}
      className="field__control otp-input"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="••••••"
    />
  );
}
