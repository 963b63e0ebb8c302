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
