import type { MiddlewareHandler } from 'hono';
import { EMAIL_NOT_VERIFIED_CODE, emailNotVerifiedMessage } from '../../src/domain/email-verification';
import type { AuthEnv } from '../auth/middleware';
import { HttpError } from '../http/errors';

/**
 * Posting (rent ads, service offers, reviews, reports and their photos) needs a verified e-mail address or a
 * verified phone number: an account that only Firebase knows costs nothing to make, an address proven by a mailed
 * code does, and so does a number proven by an SMS code (issue 40; decided in server/auth/sessions.ts). Goes after
 * the session (which reads the flag with the user's row). A refusal is 403 with a code the app turns into a way
 * to the verification page.
 */
export function requireVerifiedEmail(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (!c.get('session').contactVerified) {
      throw new HttpError(403, emailNotVerifiedMessage(), { code: EMAIL_NOT_VERIFIED_CODE });
    }
    await next();
  };
}
