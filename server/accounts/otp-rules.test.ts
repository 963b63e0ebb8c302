import { describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_WAIT_MS, OTP_TTL_MS } from '../../src/domain/constants';
import {
  attemptsExhausted,
  attemptsLeft,
  checkBeforeCompare,
  formatOtp,
  isOtpExpired,
  newOtpWindow,
  resendWaitSeconds,
} from './otp-rules';

const sentAt = new Date('2025-03-01T10:00:00.000Z');
const later = (ms: number) => new Date(sentAt.getTime() + ms);

describe('otp rules', () => {
  it('gives a new code ten minutes of life and no tries used', () => {
    const window = newOtpWindow(sentAt);
    expect(window.expiresAt.getTime() - sentAt.getTime()).toBe(OTP_TTL_MS);
    expect(window.attempts).toBe(0);
    expect(window.sentAt).toEqual(sentAt);
  });

  it('allows a first code at once when none was sent', () => {
    expect(resendWaitSeconds(undefined, sentAt)).toBe(0);
  });

  it('refuses a resend within 60 seconds and says how many whole seconds remain', () => {
    expect(resendWaitSeconds({ sentAt }, sentAt)).toBe(60);
    expect(resendWaitSeconds({ sentAt }, later(1))).toBe(60);
    expect(resendWaitSeconds({ sentAt }, later(59_001))).toBe(1);
  });

  it('allows a resend once 60 seconds have passed', () => {
    expect(resendWaitSeconds({ sentAt }, later(OTP_RESEND_WAIT_MS))).toBe(0);
    expect(resendWaitSeconds({ sentAt }, later(OTP_RESEND_WAIT_MS + 5000))).toBe(0);
  });

  it('treats a code as expired from the tenth minute on, not before', () => {
    const { expiresAt } = newOtpWindow(sentAt);
    expect(isOtpExpired({ expiresAt }, later(OTP_TTL_MS - 1))).toBe(false);
    expect(isOtpExpired({ expiresAt }, later(OTP_TTL_MS))).toBe(true);
  });

  it('counts attempts as exhausted after five wrong tries', () => {
    expect(attemptsExhausted(OTP_MAX_ATTEMPTS - 1)).toBe(false);
    expect(attemptsExhausted(OTP_MAX_ATTEMPTS)).toBe(true);
    expect(attemptsLeft(1)).toBe(4);
    expect(attemptsLeft(OTP_MAX_ATTEMPTS)).toBe(0);
    expect(attemptsLeft(OTP_MAX_ATTEMPTS + 3)).toBe(0);
  });

  it('decides before comparing: no code, expired, too many attempts, or compare', () => {
    const fresh = newOtpWindow(sentAt);
    expect(checkBeforeCompare(undefined, sentAt)).toBe('no-code');
    expect(checkBeforeCompare(fresh, later(1000))).toBe('compare');
    expect(checkBeforeCompare(fresh, later(OTP_TTL_MS))).toBe('expired');
    expect(checkBeforeCompare({ ...fresh, attempts: OTP_MAX_ATTEMPTS }, later(1000))).toBe('too-many-attempts');
  });

  it('pads codes with leading zeros to six digits', () => {
    expect(formatOtp(42)).toBe('000042');
    expect(formatOtp(999_999)).toBe('999999');
  });
});
