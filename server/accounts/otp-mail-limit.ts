import type { Context } from 'hono';
import { keyedHash } from '../auth/keyed-hash';
import type { AppDeps } from '../deps';
import { rateLimit, type RateLimitWait } from '../http/rate-limit';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Codes mailed to one address, whoever asks: anyone can register a stranger's address, and the per-user limit
 * alone would let them mail that stranger ten codes an hour from each throw-away account. Counted when a mail is
 * about to go (not for refusals such as "wait 60 seconds"), keyed by an HMAC of the address so the counter table
 * holds no addresses.
 */

export const OTP_MAILS_PER_ADDRESS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
export const TOO_MANY_OTP_MAILS_MESSAGE = (wait: RateLimitWait): string => m.server_too_many_otp_mails(wait);

type RecipientEnv = { Variables: { otpRecipientKey: string } };

export function otpMailLimit(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const limit = rateLimit(deps, {
    name: 'otp-mail',
    limit: OTP_MAILS_PER_ADDRESS_PER_DAY,
    windowMs: DAY_MS,
    by: (c) => (c as Context<RecipientEnv>).get('otpRecipientKey'),
    message: TOO_MANY_OTP_MAILS_MESSAGE,
  });
  /** Counts one mail to `email`; throws 429 with Retry-After when the address has had its share today. */
  return async (c: Context, email: string): Promise<void> => {
    (c as Context<RecipientEnv>).set('otpRecipientKey', keyedHash(deps.config.sessionSecret, 'otp', `mail:${email}`));
    await limit(c, async () => undefined);
  };
}
