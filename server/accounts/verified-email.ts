import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { EMAIL_NOT_VERIFIED_CODE, EMAIL_NOT_VERIFIED_MESSAGE } from '../../src/domain/email-verification';
import type { AuthEnv } from '../auth/middleware';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';

/**
 * Posting (rent ads, service offers, reviews and their photos) needs a verified e-mail address: an account that
 * only Firebase knows costs nothing to make, an address proven by a mailed code does. Goes after the session and
 * before `idempotent()` (it reads outside the post's transaction). A refusal is 403 with a code the app turns into
 * a way to the verification page.
 */
export function requireVerifiedEmail(deps: Pick<AppDeps, 'db'>): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const [user] = await deps.db
      .select({ isVerified: users.isVerified })
      .from(users)
      .where(eq(users.id, c.get('session').userId))
      .limit(1);
    if (!user?.isVerified) {
      throw new HttpError(403, EMAIL_NOT_VERIFIED_MESSAGE, { code: EMAIL_NOT_VERIFIED_CODE });
    }
    await next();
  };
}
