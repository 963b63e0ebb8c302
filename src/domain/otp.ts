import * as v from 'valibot';
import { getLocale } from '@/i18n/generated/runtime.js';
import { m } from '@/i18n/generated/messages.js';
import { localDigits, toLatinDigits } from '@/i18n/digits';
import { OTP_LENGTH } from './constants';

/** The one-time code form of /auth/otp-validate/{id} and the body of POST /user/validate-otp/{id}. */
export const otpFormSchema = v.object({
  otp: v.pipe(
    v.string(() => m.accounts_otp_required()),
    // A code read off the mail may be typed with Bangla digits (১২৩৪৫৬): it is the same code.
    v.transform(toLatinDigits),
    v.trim(),
    v.nonEmpty(() => m.accounts_otp_required()),
    v.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), () => m.accounts_otp_six_digits()),
  ),
});
export type OtpFormValues = v.InferOutput<typeof otpFormSchema>;

/** The server's body schema: the same field, and nothing else. */
export const validateOtpBodySchema = v.strictObject(otpFormSchema.entries);

/**
 * GET /user/otp-status/{id}: what the verification page shows after a reload. Times are seconds from the server's
 * now, so a phone with a wrong clock still counts down right.
 */
export interface OtpStatus {
  isVerified: boolean;
  /** A code was sent, has not expired and has tries left: the page shows the code box. */
  codeActive: boolean;
  /** Seconds the active code stays valid; 0 without one. */
  expiresInSeconds: number;
  /** Seconds until another code may be sent; 0 when one may go now. */
  resendInSeconds: number;
  /** Tries left on the active code; 0 without one. */
  attemptsLeft: number;
}

/** The tries left, spelled out after the spec's "Invalid OTP." (issue 24, point 15). */
export function triesLeftText(left: number): string {
  return left > 0
    ? m.accounts_otp_tries_left({ count: localDigits(String(left), getLocale()) })
    : m.accounts_otp_no_tries_left();
}
