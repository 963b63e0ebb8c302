import type { AppDeps } from '../deps';
import { PASSWORD_CHANGED_CODE } from '../../src/domain/session-end';
import { HttpError } from '../http/errors';
import { ACCOUNT_DISABLED_MESSAGE, type FirebaseAccountStatus } from './identity';
import { revokeSessionsSignedInBefore, revokeUserSessions, type ActiveSession } from './sessions';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Sessions that Firebase no longer vouches for. A Basha session lives 14 days, so it must end when its Firebase
 * account is disabled or deleted, and when the password changes (a reset, a change, "sign out everywhere" on
 * another device): Firebase then moves the account's tokensValidAfterTime, and every session made from an earlier
 * sign-in ends. Asking Firebase on every request would put a network call in front of every answer; instead each
 * server process asks at most once per user every ACCOUNT_RECHECK_MS, and sign-in-token asks at once, so that
 * signing in with a new password ends the old sessions there and then. Revoked in the database, they are refused
 * by every process from the next request on. When Firebase cannot be asked the session is served (an outage must
 * not sign everyone out) and the next check waits one interval.
 */

export const ACCOUNT_RECHECK_MS = 5 * 60 * 1000;
export const PASSWORD_CHANGED_MESSAGE = (): string => m.server_password_changed();
// Forget old entries beyond this many users, so the map cannot grow without end.
const MAX_REMEMBERED_USERS = 50_000;

// Per identity verifier, i.e. per app instance (tests run several in one process).
const lastCheckedAt = new WeakMap<AppDeps['identity'], Map<string, number>>();

export async function assertAccountActive(deps: AppDeps, session: ActiveSession): Promise<void> {
  let checked = lastCheckedAt.get(deps.identity);
  if (!checked) lastCheckedAt.set(deps.identity, (checked = new Map()));
  const now = deps.clock.now();
  const last = checked.get(session.userId);
  if (last !== undefined && now.getTime() - last < ACCOUNT_RECHECK_MS) return;

  let status: FirebaseAccountStatus;
  try {
    status = await deps.identity.accountStatus(session.firebaseUid);
  } catch (error) {
    deps.logger?.error(`Could not check the Firebase account of user ${session.userId}`, error);
    status = { disabled: false, tokensValidAfter: undefined };
  }
  await endOutdatedSessions(deps, session.userId, status);
  if (status.disabled) {
    checked.delete(session.userId);
    throw new HttpError(401, ACCOUNT_DISABLED_MESSAGE());
  }
  if (checked.size >= MAX_REMEMBERED_USERS) checked.clear();
  checked.set(session.userId, now.getTime());
  if (status.tokensValidAfter && session.signedInAt < status.tokensValidAfter) {
    throw new HttpError(401, PASSWORD_CHANGED_MESSAGE(), { code: PASSWORD_CHANGED_CODE });
  }
}

/**
 * At sign-in: ends the user's sessions from before the account's last password change. A failure is logged and
 * left to the next periodic check; the sign-in itself goes on.
 */
export async function endSessionsBeforePasswordChange(deps: AppDeps, userId: string, firebaseUid: string) {
  try {
    await endOutdatedSessions(deps, userId, await deps.identity.accountStatus(firebaseUid));
  } catch (error) {
    deps.logger?.error(`Could not check the Firebase account of user ${userId} at sign-in`, error);
  }
}

async function endOutdatedSessions(deps: AppDeps, userId: string, status: FirebaseAccountStatus) {
  const now = deps.clock.now();
  if (status.disabled) await revokeUserSessions(deps.db, userId, now);
  else if (status.tokensValidAfter) await revokeSessionsSignedInBefore(deps.db, userId, status.tokensValidAfter, now);
}
