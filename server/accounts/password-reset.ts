import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { keyedHash } from '../auth/keyed-hash';
import type { AppDeps } from '../deps';
import { rateLimit, type RateLimitWait } from '../http/rate-limit';
import { passwordResetLink, passwordResetMail } from './password-reset-mail';
import { m } from '../../src/i18n/generated/messages.js';
import { users } from '../db/schema';
import { currentLanguage } from '../http/request-locale';
import { accountLanguage } from './users';

/**
 * "Forgot password" (issue 24, point 8). Basha mails the reset link itself, pointing at its own page: Firebase's
 * own mail never leaves the emulator, and its link points at the emulator's port, which no phone can reach.
 *
 * Every syntactically valid address gets the same answer at the same speed, so the endpoint tells nobody whether
 * an address has an account: the account lookup (firebase-admin's generatePasswordResetLink) and the mail happen
 * after the answer has gone, in the background. Limits keep it from being a way to flood a stranger's inbox: per
 * client address, and per recipient address whether it has an account or not (so the limits reveal nothing either).
 */

export const PASSWORD_RESET_SENT_MESSAGE = (): string => m.server_reset_sent();
export const RESET_REQUESTS_PER_CLIENT_PER_HOUR = 10;
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 3;
export const RESET_REQUESTS_PER_ADDRESS_PER_DAY = 6;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const TOO_MANY_FROM_CLIENT_MESSAGE = (wait: RateLimitWait): string => m.server_reset_too_many_from_client(wait);
const TOO_MANY_FOR_ADDRESS_MESSAGE = (wait: RateLimitWait): string => m.server_reset_too_many_for_address(wait);

type RecipientEnv = { Variables: { resetRecipientKey: string } };

/** Requests per client address, counted before the body is read. */
export function resetRequestLimit(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  return rateLimit(deps, {
    name: 'reset-password',
    limit: RESET_REQUESTS_PER_CLIENT_PER_HOUR,
    windowMs: HOUR_MS,
    message: TOO_MANY_FROM_CLIENT_MESSAGE,
  });
}

/**
 * Requests per recipient: a few an hour (enough for a lost or late mail), a few more a day. Short windows, because
 * whoever floods an address also blocks its owner's own reset until the window ends. Keyed by an HMAC of the
 * address, so the counter table holds no addresses.
 */
export function resetRecipientLimit(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const by = (c: Context) => (c as Context<RecipientEnv>).get('resetRecipientKey');
  const limits = [
    rateLimit(deps, {
      name: 'reset-mail-hour',
      limit: RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
      windowMs: HOUR_MS,
      by,
      message: TOO_MANY_FOR_ADDRESS_MESSAGE,
    }),
    rateLimit(deps, {
      name: 'reset-mail-day',
      limit: RESET_REQUESTS_PER_ADDRESS_PER_DAY,
      windowMs: DAY_MS,
      by,
      message: TOO_MANY_FOR_ADDRESS_MESSAGE,
    }),
  ];
  /** Counts one request for `email`; throws 429 with Retry-After when the address has had its share. */
  return async (c: Context, email: string): Promise<void> => {
    (c as Context<RecipientEnv>).set(
      'resetRecipientKey',
      keyedHash(deps.config.sessionSecret, 'otp', `reset-mail:${email}`),
    );
    for (const limit of limits) await limit(c, async () => undefined);
  };
}

// The mails under way, per app (keyed by its mailer), so tests can wait for them.
const underWay = new WeakMap<AppDeps['mailer'], Set<Promise<void>>>();

/**
 * Looks the address up and, for an existing account, mails the link; after the current request has been
 * answered. Failures are logged (without the address): the person sees the same answer either way and may ask again.
 */
export function mailResetLinkLater(deps: AppDeps, email: string): void {
  let tasks = underWay.get(deps.mailer);
  if (!tasks) underWay.set(deps.mailer, (tasks = new Set()));
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(async () => {
      const oobCode = await deps.identity.passwordResetCode(email);
      if (!oobCode) return;
      // The account's language; an account with no Basha profile yet reads the language it asked in.
      const [account] = await deps.db.select({ language: users.language }).from(users).where(eq(users.email, email));
      const locale = account ? accountLanguage(account.language) : currentLanguage();
      const link = passwordResetLink(deps.config.publicUrl, oobCode);
      await deps.mailer.send(passwordResetMail(email, link, locale));
    })
    .catch((error: unknown) => deps.logger?.error('A password reset mail could not be sent', error))
    .finally(() => tasks.delete(task));
  tasks.add(task);
}

/** Resolves once every reset mail asked of this app so far has been sent (or has failed). For tests. */
export async function resetMailsSettled(deps: Pick<AppDeps, 'mailer'>): Promise<void> {
  await Promise.all([...(underWay.get(deps.mailer) ?? [])]);
}
