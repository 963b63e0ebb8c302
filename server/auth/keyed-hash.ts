import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 under the server's session secret. Tokens and one-time codes are stored only in this form: a copy
 * of the database alone is not enough to use them. The purpose label keeps a session hash from ever matching an
 * OTP hash. Client addresses are kept in this form too (a report's sender), never as they are.
 */
export function keyedHash(
  secret: string,
  purpose: 'session' | 'otp' | 'client' | 'reset-device' | 'alert-unsubscribe',
  value: string,
): string {
  return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
