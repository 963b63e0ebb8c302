import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import { HttpError } from './errors';
import { clientAddress, rateLimit, refusalLimit, type RateLimitWait } from './rate-limit';
import { keyedHash } from '../auth/keyed-hash';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * The request limits of the endpoints people could abuse: guessing codes, hammering sign-in, filling the disk
 * with uploads. Counted per client address, or per signed-in user where there is one; generous enough that
 * nobody using Basha normally meets them.
 */
const TEN_MINUTES_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The signed-in user (session) or verified Firebase account behind the request, else the client address. */
function userOrAddress(deps: AppDeps) {
  return (c: Context): string => {
    const session = c.get('session') as { userId: string } | undefined;
    const identity = c.get('firebaseIdentity') as { uid: string } | undefined;
    return session?.userId ?? identity?.uid ?? clientAddress(c, deps.config.trustedProxyHops);
  };
}

/**
 * Sign-ins per verified Firebase account: counted after the token is checked, so only the account's owner can use
 * them up and a stranger cannot lock anyone out. Per account, not per address: many people in Bangladesh share
 * one mobile carrier address.
 */
export const SIGN_IN_LIMIT_PER_ACCOUNT = 20;
export function signInLimit(deps: AppDeps) {
  return rateLimit(deps, {
    name: 'sign-in-token',
    limit: SIGN_IN_LIMIT_PER_ACCOUNT,
    windowMs: TEN_MINUTES_MS,
    by: (c) => (c.get('firebaseIdentity') as { uid: string }).uid,
  });
}

/**
 * Refused sign-in attempts (no token, a bad or someone else's token, an id that is not theirs) per client
 * address: past the limit the answer is 429 instead of 401 or 403, so a script learns nothing more. Only refusals
 * count, so people who share an address with a prober still sign in with their own token.
 */
export const REFUSED_SIGN_INS_PER_ADDRESS = 30;
export function refusedSignInLimit(deps: AppDeps): MiddlewareHandler {
  const countRefusal = rateLimit(deps, {
    name: 'sign-in-refused',
    limit: REFUSED_SIGN_INS_PER_ADDRESS,
    windowMs: TEN_MINUTES_MS,
    message: (wait) => m.server_too_many_sign_ins(wait),
  });
  return async (c, next) => {
    await next();
    // Hono turns a thrown error into the answer at once and leaves it in c.error.
    const refused = c.error instanceof HttpError && (c.error.status === 401 || c.error.status === 403);
    if (refused) await countRefusal(c, () => Promise.resolve());
  };
}

export function otpSendLimit(deps: AppDeps) {
  return rateLimit(deps, {
    name: 'otp-send',
    by: userOrAddress(deps),
    limit: 10,
    windowMs: HOUR_MS,
    message: (wait) => m.server_too_many_codes(wait),
  });
}

export function otpCheckLimit(deps: AppDeps) {
  return rateLimit(deps, { name: 'otp-check', by: userOrAddress(deps), limit: 30, windowMs: TEN_MINUTES_MS });
}

/** Uploads per account (the session's user, or the Firebase account of a registration's token) in 10 minutes. */
export const UPLOADS_PER_ACCOUNT = 60;
/**
 * Uploads per client address in 10 minutes, whoever signs them: fresh accounts cost nothing, an address does. Three
 * accounts' worth, since people behind one carrier address share it.
 */
export const UPLOADS_PER_ADDRESS = 180;
/**
 * Uploads on a bare Firebase token (registration's profile photo, made before a Basha account and session exist)
 * per client address a day: such an account proves nothing, and its photo is kept a day unless a profile takes it.
 */
export const BARE_TOKEN_UPLOADS_PER_ADDRESS_PER_DAY = 20;

/**
 * Every upload endpoint's limits, each counted on every request before the body is read (a refused one stores
 * nothing): per account, per client address, and for uploads on a bare Firebase token also per address a day.
 */
export function uploadLimit(deps: AppDeps): MiddlewareHandler {
  const message = (wait: RateLimitWait) => m.server_too_many_uploads(wait);
  const address = (c: Context) => clientAddress(c, deps.config.trustedProxyHops);
  const perAccount = rateLimit(deps, {
    name: 'upload',
    limit: UPLOADS_PER_ACCOUNT,
    windowMs: TEN_MINUTES_MS,
    by: userOrAddress(deps),
    message,
  });
  const perAddress = rateLimit(deps, {
    name: 'upload-address',
    limit: UPLOADS_PER_ADDRESS,
    windowMs: TEN_MINUTES_MS,
    by: address,
    message,
  });
  const bareTokenPerAddress = rateLimit(deps, {
    name: 'upload-bare-token',
    limit: BARE_TOKEN_UPLOADS_PER_ADDRESS_PER_DAY,
    windowMs: DAY_MS,
    by: address,
    message,
  });
  return async (c, next) => {
    const bareToken = c.get('session') === undefined;
    await perAccount(c, async () => {
      await perAddress(c, async () => {
        await (bareToken ? bareTokenPerAddress(c, next) : next());
      });
    });
  };
}

/**
 * Preview images (`/share/og/...`) per client address in 10 minutes: anyone may ask for them, and a miss is an
 * image to render. Crawlers of link previews ask once per shared link; a CDN answers the repeats.
 */
export const PREVIEWS_PER_ADDRESS = 120;
export function previewLimit(deps: AppDeps) {
  return rateLimit(deps, { name: 'share-preview', limit: PREVIEWS_PER_ADDRESS, windowMs: TEN_MINUTES_MS });
}

/**
 * Wrong passwords at the demo stack's sign-in (the Auth emulator behind server/http/emulator-proxy.ts, which has no
 * limit of its own): counted per client address, so one machine cannot try password after password, and per
 * account, so many machines cannot share the guessing of one person's password. Past either, every sign-in with a
 * password is refused unheard (429 with Retry-After) until the window ends. A stranger can so keep an account's
 * owner from signing in with a password for ten minutes at a time: the price of the per-account count, in a stack
 * meant for one machine. Hosted Firebase, in production, keeps its own counts.
 */
export const REFUSED_PASSWORDS_PER_ADDRESS = 30;
export const REFUSED_PASSWORDS_PER_ACCOUNT = 10;

export interface PasswordAttempt {
  /** Past the address's or the account's limit: the 429 to answer instead of trying the password. */
  tooMany?: HttpError;
  /** Whether the password was wrong: only then does the attempt stay counted. */
  settle(wrongPassword: boolean): Promise<void>;
}

/** Counts a sign-in with a password for its address and its account before it is tried (./rate-limit.ts). */
export function passwordRefusalLimits(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
): (c: Context, email: string) => Promise<PasswordAttempt> {
  const message = (wait: RateLimitWait) => m.server_too_many_sign_ins(wait);
  const byAddress = refusalLimit(deps, {
    name: 'password-refused-address',
    limit: REFUSED_PASSWORDS_PER_ADDRESS,
    windowMs: TEN_MINUTES_MS,
    message,
  });
  const byAccount = refusalLimit(deps, {
    name: 'password-refused-account',
    limit: REFUSED_PASSWORDS_PER_ACCOUNT,
    windowMs: TEN_MINUTES_MS,
    message,
  });
  return async (c, email) => {
    // The account keyed by an HMAC of its address, so that the counter table holds no e-mail addresses.
    const account = keyedHash(deps.config.sessionSecret, 'otp', `password:${email.trim().toLowerCase()}`);
    const attempts = [
      await byAddress.attempt(clientAddress(c, deps.config.trustedProxyHops)),
      await byAccount.attempt(account),
    ];
    const uncount = () => Promise.all(attempts.map((attempt) => attempt.uncount())).then(() => undefined);
    const tooMany = attempts.find((attempt) => attempt.tooMany)?.tooMany;
    if (tooMany) {
      await uncount();
      return { tooMany, settle: () => Promise.resolve() };
    }
    return { settle: (wrongPassword) => (wrongPassword ? Promise.resolve() : uncount()) };
  };
}

/**
 * Phone numbers a visitor (no token) reveals with "Show number" (`GET /rent/view-details/{id}/phone`,
 * `GET /profession/view-details/{id}/phone`) per client address in an hour: enough for anyone looking for a flat or
 * a plumber, too few to scrape every number. Every such request counts, a 404 too, so guessing ids costs the same.
 * Signed-in people get the numbers in the details themselves, as before, and are not counted.
 */
export const SHOWN_NUMBERS_PER_ADDRESS_PER_HOUR = 20;
export function shownNumberLimit(deps: AppDeps) {
  return rateLimit(deps, {
    name: 'show-number',
    limit: SHOWN_NUMBERS_PER_ADDRESS_PER_HOUR,
    windowMs: HOUR_MS,
    message: (wait) => m.server_too_many_numbers_shown(wait),
  });
}

/**
 * Sign-in codes by SMS (Firebase's phone provider, issue 40): each costs money, so the demo stack's Auth emulator
 * proxy (./emulator-proxy.ts) counts them before the emulator is asked for one, per number (a stranger cannot
 * bomb someone's phone with codes) and per client address (nobody sends codes to many numbers). Enough for a
 * person who mistypes a code or whose SMS is late; a request that is refused or fails upstream is not counted.
 * In production the SDK talks to Google directly: App Check and the SMS region policy protect the codes there
 * (docs/security.md, "Codes by SMS").
 */
export const PHONE_CODES_PER_NUMBER_PER_HOUR = 3;
export const PHONE_CODES_PER_ADDRESS_PER_HOUR = 10;

export interface PhoneCodeAttempt {
  /** Past a limit: the 429 to answer instead of asking for the code (then nothing is counted). */
  tooMany?: HttpError;
  /** Takes the request off the counts: no code went out (the emulator refused it, or could not be reached). */
  uncount(): Promise<void>;
}

/** Counts a request for a sign-in code to this number (Basha's form, `+880 1712-345678`) and from its address. */
export function phoneCodeLimits(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
): (c: Context, phoneNumber: string) => Promise<PhoneCodeAttempt> {
  const byNumber = refusalLimit(deps, {
    name: 'phone-code-number',
    limit: PHONE_CODES_PER_NUMBER_PER_HOUR,
    windowMs: HOUR_MS,
    message: (wait) => m.server_too_many_codes_to_number(wait),
  });
  const byAddress = refusalLimit(deps, {
    name: 'phone-code-address',
    limit: PHONE_CODES_PER_ADDRESS_PER_HOUR,
    windowMs: HOUR_MS,
    message: (wait) => m.server_too_many_codes_from_address(wait),
  });
  return async (c, phoneNumber) => {
    // The number keyed by an HMAC, so that the counter table holds no phone numbers.
    const number = keyedHash(deps.config.sessionSecret, 'otp', `phone-code:${phoneNumber}`);
    const attempts = [
      await byAddress.attempt(clientAddress(c, deps.config.trustedProxyHops)),
      await byNumber.attempt(number),
    ];
    const uncount = () => Promise.all(attempts.map((attempt) => attempt.uncount())).then(() => undefined);
    const tooMany = attempts.find((attempt) => attempt.tooMany)?.tooMany;
    if (tooMany) await uncount();
    return { tooMany, uncount };
  };
}
