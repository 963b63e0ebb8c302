import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import { clientAddress, rateLimit } from './rate-limit';

/**
 * The request limits of the endpoints people could abuse: guessing codes, hammering sign-in, filling the disk
 * with uploads. Counted per client address, or per signed-in user where there is one; generous enough that
 * nobody using Basha normally meets them.
 */
const TEN_MINUTES_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The signed-in user (session) or verified Firebase account behind the request, else the client address. */
function userOrAddress(c: Context): string {
  const session = c.get('session') as { userId: string } | undefined;
  const identity = c.get('firebaseIdentity') as { uid: string } | undefined;
  return session?.userId ?? identity?.uid ?? clientAddress(c);
}

/**
 * Per account asked for, not per address: many people in Bangladesh share one mobile carrier address, and
 * the account is what an attacker targets.
 */
export const SIGN_IN_LIMIT_PER_ACCOUNT = 20;
export function signInLimit(deps: AppDeps) {
  return rateLimit(deps, {
    name: 'sign-in-token',
    limit: SIGN_IN_LIMIT_PER_ACCOUNT,
    windowMs: TEN_MINUTES_MS,
    by: (c) => c.req.param('id') ?? clientAddress(c),
  });
}

export function otpSendLimit(deps: AppDeps) {
  return rateLimit(deps, {
    name: 'otp-send',
    by: userOrAddress,
    limit: 10,
    windowMs: HOUR_MS,
    message: 'Too many codes requested. Please try again in {minutes} minutes.',
  });
}

export function otpCheckLimit(deps: AppDeps) {
  return rateLimit(deps, { name: 'otp-check', by: userOrAddress, limit: 30, windowMs: TEN_MINUTES_MS });
}

export function uploadLimit(deps: AppDeps) {
  return rateLimit(deps, {
    name: 'upload',
    limit: 60,
    windowMs: TEN_MINUTES_MS,
    by: userOrAddress,
    message: 'Too many uploads. Please try again in {minutes} minutes.',
  });
}
