import { randomInt } from 'node:crypto';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_WAIT_MS } from '../../src/domain/constants';
import { keyedHash, sameHash } from '../auth/keyed-hash';
import { forgetCachedSessions } from '../auth/sessions';
import type { Database } from '../db/client';
import { otpCodes, users, type OtpCodeRow } from '../db/schema';
import { formatOtp, OTP_CODE_SPACE, type StoredOtp } from './otp-rules';

/**
 * Storage of one-time codes: one row per user in otp_codes holding an HMAC of the code (never the code), its
 * expiry, when it was sent and how many tries were made. Writes are single conditional statements, so two
 * requests at once can neither send two codes inside the resend wait nor get more than OTP_MAX_ATTEMPTS tries.
 */

export function generateOtpCode(): string {
  return formatOtp(randomInt(0, OTP_CODE_SPACE));
}

export function hashOtp(secret: string, userId: string, code: string): string {
  return keyedHash(secret, 'otp', `${userId}:${code}`);
}

export function otpMatches(secret: string, row: Pick<OtpCodeRow, 'codeHash' | 'userId'>, code: string): boolean {
  return sameHash(row.codeHash, hashOtp(secret, row.userId, code));
}

export async function findOtp(db: Database, userId: string): Promise<OtpCodeRow | undefined> {
  const [row] = await db.select().from(otpCodes).where(eq(otpCodes.userId, userId)).limit(1);
  return row;
}

/**
 * Stores a new code unless one was sent less than OTP_RESEND_WAIT_MS ago (checked in the same statement).
 * Returns false when the wait was not over.
 */
export async function storeOtp(db: Database, userId: string, codeHash: string, window: StoredOtp): Promise<boolean> {
  const resendCutoff = new Date(window.sentAt.getTime() - OTP_RESEND_WAIT_MS);
  const stored = await db
    .insert(otpCodes)
    .values({ userId, codeHash, ...window })
    .onConflictDoUpdate({
      target: otpCodes.userId,
      set: { codeHash, expiresAt: window.expiresAt, sentAt: window.sentAt, attempts: 0 },
      setWhere: lte(otpCodes.sentAt, resendCutoff),
    })
    .returning({ userId: otpCodes.userId });
  return stored.length > 0;
}

/** Removes exactly this code (used when its mail could not be sent). */
export async function discardOtp(db: Database, userId: string, codeHash: string): Promise<void> {
  await db.delete(otpCodes).where(and(eq(otpCodes.userId, userId), eq(otpCodes.codeHash, codeHash)));
}

/**
 * Counts one try against the code, atomically, and returns the tries made including this one; undefined when
 * the code is gone or its tries were already used up.
 */
export async function countAttempt(db: Database, userId: string, codeHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.codeHash, codeHash), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts;
}

/** Marks the user verified and deletes the code, together. */
export async function markVerified(db: Database, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isVerified: true, updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(otpCodes).where(eq(otpCodes.userId, userId));
  });
  // The session carries the verified flag: this process sees the change at once, others within SESSION_CACHE_MS.
  forgetCachedSessions(db, userId);
}
