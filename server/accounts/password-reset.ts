import { eq } from 'drizzle-orm';
import { keyedHash } from '../auth/keyed-hash';
import type { AppDeps } from '../deps';
import { countRequest, rateLimit, type RateLimitWait } from '../http/rate-limit';
import { deviceKeyFor } from './reset-device-keys';
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
 * client address (429), and per recipient address whether it has an account or not, silently (issue 38, point 5):
 * past its share a request is answered the same and mailed nothing, unless it comes from the owner's own phone.
 */

export const PASSWORD_RESET_SENT_MESSAGE = (): string => m.server_reset_sent();
export const RESET_REQUESTS_PER_CLIENT_PER_HOUR = 10;
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 3;
export const RESET_REQUESTS_PER_ADDRESS_PER_DAY = 6;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const TOO_MANY_FROM_CLIENT_MESSAGE = (wait: RateLimitWait): string => m.server_reset_too_many_from_client(wait);

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
 * Whether a mail may go for this request: a few an hour (enough for a lost or late mail), a few more a day, per
 * recipient address whether it has an account or not. A request past the share is answered as every other and
 * mailed nothing, so a stranger's requests cannot make a mail flood, and no 429 tells them anything. The owner's
 * own request, carrying a device key for that address (server/accounts/reset-device-keys.ts), counts against that
 * phone's share instead, so a flood of requests for the address does not stop it. Counters are keyed by an HMAC
 * of the address or key: the table holds neither.
 */
async function withinResetShare(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  email: string,
  deviceKeys: string[],
  askedAt: Date,
) {
  const secret = deps.config.sessionSecret;
  const deviceKey = deviceKeyFor(secret, email, deviceKeys);
  const who = deviceKey
    ? `device:${keyedHash(secret, 'reset-device', deviceKey)}`
    : keyedHash(secret, 'otp', `reset-mail:${email}`);
  // The day counts only what the hour let through, so the day's share is spread over several hours.
  const hour = await countRequest(deps, `reset-mail-hour:${who}`, HOUR_MS, askedAt);
  if (hour.count > RESET_REQUESTS_PER_ADDRESS_PER_HOUR) return false;
  const day = await countRequest(deps, `reset-mail-day:${who}`, DAY_MS, askedAt);
  return day.count <= RESET_REQUESTS_PER_ADDRESS_PER_DAY;
}

// The mails under way, per app (keyed by its mailer), so tests can wait for them.
const underWay = new WeakMap<AppDeps['mailer'], Set<Promise<void>>>();

/**
 * Counts the request against its share and, within it, looks the address up and, for an existing account, mails the
 * link; all after the current request has been answered. Failures are logged (without the address): the person
 * sees the same answer either way and may ask again.
 */
export function mailResetLinkLater(deps: AppDeps, email: string, deviceKeys: string[] = []): void {
  const askedAt = deps.clock.now();
  let tasks = underWay.get(deps.mailer);
  if (!tasks) underWay.set(deps.mailer, (tasks = new Set()));
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(async () => {
      if (!(await withinResetShare(deps, email, deviceKeys, askedAt))) return;
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
