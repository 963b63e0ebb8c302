import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { SESSION_LIFETIME_MS } from '../../src/domain/constants';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { keyedHash } from './keyed-hash';
import { sessionCacheOf } from './session-cache';

/**
 * Basha session tokens: `bs_` + 32 random bytes (base64url), handed out once by sign-in-token. The sessions
 * table keeps only the HMAC of a token, its owner, the Firebase sign-in it was made from, its expiry (14 days)
 * and when it was revoked (sign-out, sign-out everywhere, a password change, a disabled account).
 */

export const SESSION_TOKEN_PREFIX = 'bs_';
const SESSION_TOKEN_PATTERN = /^bs_[A-Za-z0-9_-]{43}$/;

export function isSessionTokenShape(token: string): boolean {
  return token.startsWith(SESSION_TOKEN_PREFIX);
}

export interface ActiveSession {
  id: string;
  userId: string;
  /** The Firebase account behind the session's user, whose status is checked now and then. */
  firebaseUid: string;
  /** The Firebase sign-in the session was made from (Firebase's clock). */
  signedInAt: Date;
  /**
   * Whether the user has proven their e-mail (a mailed code) or their phone number (a Firebase phone sign-in,
   * issue 40): posting needs one of them. Read with the session, no query of its own.
   */
  contactVerified: boolean;
}

export async function createSession(
  db: Database,
  secret: string,
  session: { userId: string; signedInAt: Date },
  now: Date,
): Promise<string> {
  const token = SESSION_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId: session.userId,
    tokenHash: keyedHash(secret, 'session', token),
    createdAt: now,
    signedInAt: session.signedInAt,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  return token;
}

/**
 * The live session behind a token, or undefined when it is malformed, unknown, expired or revoked. Looked up in
 * this process's short-lived cache first (server/auth/session-cache.ts), then in the database.
 */
export async function findActiveSession(
  db: Database,
  secret: string,
  token: string,
  now: Date,
): Promise<ActiveSession | undefined> {
  if (!SESSION_TOKEN_PATTERN.test(token)) return undefined;
  const tokenHash = keyedHash(secret, 'session', token);
  const cache = sessionCacheOf(db);
  const cached = cache.get(tokenHash, now.getTime());
  if (cached) return cached;
  const ticket = cache.ticket();
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      firebaseUid: users.firebaseUid,
      signedInAt: sessions.signedInAt,
      // The one place where "verified" is decided: a proven e-mail or a proven phone number.
      contactVerified: sql<boolean>`(${users.isVerified} or ${users.phoneVerified})`,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;
  const { expiresAt, ...session } = row;
  cache.store(ticket, tokenHash, session, expiresAt.getTime(), now.getTime());
  return session;
}

/**
 * Forgets this process's cached sessions of a user whose sessions changed (ended, or their e-mail verified).
 * Called after the change is written: a lookup that read the old state before then is not stored.
 */
export function forgetCachedSessions(db: Database, userId: string): void {
  sessionCacheOf(db).forgetUser(userId);
}

export async function revokeSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  // After the write: a lookup that read the session before it cannot be stored (the cache's generation moved).
  sessionCacheOf(db).forgetSession(sessionId);
}

/** Ends every live session of a user (sign out everywhere; their Firebase account was disabled or deleted). */
export async function revokeUserSessions(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  forgetCachedSessions(db, userId);
}

/** Ends the user's live sessions made from Firebase sign-ins before `signedInBefore` (their password changed then). */
export async function revokeSessionsSignedInBefore(
  db: Database,
  userId: string,
  signedInBefore: Date,
  now: Date,
): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), lt(sessions.signedInAt, signedInBefore)))
    .returning({ id: sessions.id });
  // Asked at every sign-in and account re-check: the cache is left alone when nothing ended.
  if (ended.length > 0) forgetCachedSessions(db, userId);
}
