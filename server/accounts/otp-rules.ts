import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_WAIT_MS, OTP_TTL_MS } from '../../src/domain/constants';
import type { OtpStatus } from '../../src/domain/otp';

/**
 * The one-time-code rules as pure functions of a stored code and "now" (the clock is injected, so tests can
 * move time). The routes apply them; storage and mail live elsewhere.
 */

export interface StoredOtp {
  expiresAt: Date;
  /** Wrong tries made so far. */
  attempts: number;
  sentAt: Date;
}

/** A fresh code's bookkeeping: valid `ttlMs` (OTP_TTL_MS unless configured) from now, no tries yet. */
export function newOtpWindow(now: Date, ttlMs: number = OTP_TTL_MS): StoredOtp {
  return { sentAt: now, expiresAt: new Date(now.getTime() + ttlMs), attempts: 0 };
}

/** Whole seconds to wait before another code may be sent; 0 when a new one may go out now. */
export function resendWaitSeconds(stored: Pick<StoredOtp, 'sentAt'> | undefined, now: Date): number {
  if (!stored) return 0;
  const waitMs = stored.sentAt.getTime() + OTP_RESEND_WAIT_MS - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

export function isOtpExpired(stored: Pick<StoredOtp, 'expiresAt'>, now: Date): boolean {
  return now.getTime() >= stored.expiresAt.getTime();
}

export function attemptsExhausted(attempts: number): boolean {
  return attempts >= OTP_MAX_ATTEMPTS;
}

/** Tries left once `attemptsSoFar` wrong tries (including the one just made) are counted. */
export function attemptsLeft(attemptsSoFar: number): number {
  return Math.max(0, OTP_MAX_ATTEMPTS - attemptsSoFar);
}

export type OtpCheck = 'no-code' | 'expired' | 'too-many-attempts' | 'compare';

/** What to do with a submitted code before comparing it: refuse it outright, or compare. */
export function checkBeforeCompare(stored: StoredOtp | undefined, now: Date): OtpCheck {
  if (!stored) return 'no-code';
  if (isOtpExpired(stored, now)) return 'expired';
  if (attemptsExhausted(stored.attempts)) return 'too-many-attempts';
  return 'compare';
}

/** What the verification page is told about the person's code (GET /user/otp-status/{id}). */
export function otpStatus(isVerified: boolean, stored: StoredOtp | undefined, now: Date): OtpStatus {
  const resendInSeconds = isVerified ? 0 : resendWaitSeconds(stored, now);
  const codeActive = !isVerified && checkBeforeCompare(stored, now) === 'compare';
  if (!stored || !codeActive)
    return { isVerified, codeActive: false, expiresInSeconds: 0, resendInSeconds, attemptsLeft: 0 };
  return {
    isVerified,
    codeActive,
    expiresInSeconds: Math.ceil((stored.expiresAt.getTime() - now.getTime()) / 1000),
    resendInSeconds,
    attemptsLeft: attemptsLeft(stored.attempts),
  };
}

/** Formats a random integer below 10^OTP_LENGTH as a zero-padded code ("004217"). */
export function formatOtp(value: number): string {
  return String(value).padStart(OTP_LENGTH, '0');
}

export const OTP_CODE_SPACE = 10 ** OTP_LENGTH;
