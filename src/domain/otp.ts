import * as v from 'valibot';
import { OTP_LENGTH } from './constants';

/** The one-time code form of /auth/otp-validate/{id} and the body of POST /user/validate-otp/{id}. */
export const otpFormSchema = v.object({
  otp: v.pipe(
    v.string('OTP is required'),
    v.trim(),
    v.nonEmpty('OTP is required'),
    v.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'OTP must be 6 digits.'),
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
  return left > 0 ? `${left} ${left === 1 ? 'try' : 'tries'} left.` : 'No tries left. Please request a new code.';
}
