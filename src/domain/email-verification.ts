/**
 * Posting needs a proven e-mail address (issue 17, point 4): rent ads, service offers, reviews and the photos for
 * them. Without it, five throw-away accounts could sink a provider's rating in seconds. The server refuses with
 * 403 and this code, so the app can lead the person to the page where they prove their address.
 */

import { m } from '@/i18n/generated/messages.js';
import type { PASSWORD_CHANGED_CODE } from './session-end';

export const EMAIL_NOT_VERIFIED_CODE = 'email-not-verified';

/** The refusal's words, in the language of the request (a function: read when the refusal is made). */
export function emailNotVerifiedMessage(): string {
  return m.accounts_email_not_verified();
}

/** Machine-readable reasons an API refusal may carry beside its message (`ApiEnvelope.code`). */
export type ApiErrorCode = typeof EMAIL_NOT_VERIFIED_CODE | typeof PASSWORD_CHANGED_CODE;

/** The page where a person gets and enters their 6-digit code (accounts spec, section 4). */
export function verifyEmailPath(userId: string): string {
  return `/auth/otp-validate/${encodeURIComponent(userId)}`;
}
