import type { MiddlewareHandler } from 'hono';
import type { AppConfig } from '../config/env';
import type { AuthEnv } from '../auth/middleware';
import type { AppDeps } from '../deps';
import { forbidden } from '../http/errors';
import { findUserById, toUserRecord } from '../accounts/users';
import type { UserRecord } from '../../src/domain/user';
import type { UserRow } from '../db/schema';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Moderators are named by MODERATOR_EMAILS (server/config/env.ts). An address counts only once the account has
 * proven it with a mailed code: registering someone else's address in Firebase proves nothing.
 */
export function isModerator(config: Pick<AppConfig, 'moderatorEmails'>, user: Pick<UserRow, 'email' | 'isVerified'>) {
  return user.isVerified && user.email !== null && config.moderatorEmails.includes(user.email.toLowerCase());
}

/** Goes after requireSession: anyone else gets 403. */
export function requireModerator(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const user = await findUserById(deps.db, c.get('session').userId);
    if (!user || !isModerator(deps.config, user)) throw forbidden(m.server_moderation_moderators_only());
    await next();
  };
}

/** The owner's own record, saying `moderator: true` to a moderator: the app then links the moderation page. */
export function withModeratorFlag(config: Pick<AppConfig, 'moderatorEmails'>, row: UserRow): UserRecord {
  const record = toUserRecord(row);
  return isModerator(config, row) ? { ...record, moderator: true } : record;
}
