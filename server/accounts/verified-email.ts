import type { MiddlewareHandler } from 'hono';
import { EMAIL_NOT_VERIFIED_CODE, emailNotVerifiedMessage } from '../../src/domain/email-verification';
import type { AuthEnv } from '../auth/middleware';
import { HttpError } from '../http/errors';

/**
 * Posting (rent ads, service offers, reviews and their photos) needs a verified e-mail address: an account that
 * only Firebase knows costs nothing to make, an address proven by a mailed code does. Goes after the session
 * (which reads the flag with the user's row). A refusal is 403 with a code the app turns into a way to the
 * verification page.
 */
export function requireVerifiedEmail(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (!c.get('session').emailVerified) {
      throw new HttpError(403, emailNotVerifiedMessage(), { code: EMAIL_NOT_VERIFIED_CODE });
    }
    await next();
  };
}
