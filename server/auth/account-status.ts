import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { ACCOUNT_DISABLED_MESSAGE } from './identity';
import { revokeUserSessions, type ActiveSession } from './sessions';

/**
 * Sessions of disabled Firebase accounts. A Basha session lives 14 days, so a disabled (or deleted) account
 * must not keep one. Asking Firebase on every request would put a network call in front of every answer;
 * instead each server process asks at most once per user every ACCOUNT_RECHECK_MS, and when the account is
 * disabled it revokes all of that user's sessions, so every process refuses them from the next request on.
 * When Firebase cannot be asked the session is served (an outage must not sign everyone out) and the next
 * check waits one interval.
 */

export const ACCOUNT_RECHECK_MS = 5 * 60 * 1000;
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

  let disabled: boolean;
  try {
    disabled = await deps.identity.isAccountDisabled(session.firebaseUid);
  } catch (error) {
    deps.logger?.error(`Could not check the Firebase account of user ${session.userId}`, error);
    disabled = false;
  }
  if (disabled) {
    checked.delete(session.userId);
    await revokeUserSessions(deps.db, session.userId, now);
    throw new HttpError(401, ACCOUNT_DISABLED_MESSAGE);
  }
  if (checked.size >= MAX_REMEMBERED_USERS) checked.clear();
  checked.set(session.userId, now.getTime());
}
