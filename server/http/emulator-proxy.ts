import type { Context, Handler, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { SIGN_IN_SERVICE_UNAVAILABLE_MESSAGE } from '../auth/identity';
import type { AppDeps, Logger } from '../deps';
import { publicOrigin } from './cors';
import { normaliseBdPhone } from '../../src/domain/phone';
import { m } from '../../src/i18n/generated/messages.js';
import { passwordRefusalLimits, phoneCodeLimits, type PasswordAttempt, type PhoneCodeAttempt } from './limits';

/**
 * The Firebase Auth emulator on our own origin, so the browser talks to one origin only (decision 0002), for the
 * Firebase web SDK and nothing more. The emulator treats `Authorization: Bearer owner` as the project's
 * administrator (every account with its password in plain text, anyone's password set, reset codes handed out)
 * and grants CORS to every origin. So only the calls Basha's pages make pass: each a POST to one exact path with
 * only the body fields the SDK sends, acting on the caller's own account through its password, its own ID token
 * or its own refresh token. No Authorization header, no `/emulator/` page or API, no project-scoped (admin) path,
 * no other origin, and the emulator's CORS headers never reach the browser. The body is checked, then sent on as
 * checked (re-serialised), so what the emulator reads is what was allowed. The emulator counts no wrong passwords:
 * the proxy does, per client address and per account (./limits.ts), and past either limit answers a sign-in with a
 * password with 429 before the emulator hears it. Codes by SMS cost money: a code is asked for only for a Bangladesh
 * mobile number, and at most so many per number and per client address an hour (./limits.ts); past either the
 * proxy answers 429 and the emulator is not asked.
 */

const IDENTITY_TOOLKIT = '/identitytoolkit.googleapis.com';
const SECURE_TOKEN = '/securetoken.googleapis.com';
const SIGN_IN_WITH_PASSWORD = `${IDENTITY_TOOLKIT}/v1/accounts:signInWithPassword`;
const SEND_VERIFICATION_CODE = `${IDENTITY_TOOLKIT}/v1/accounts:sendVerificationCode`;
/** The emulator's answers to a wrong password or an unknown e-mail (`INVALID_PASSWORD : ...` or the bare code). */
const WRONG_PASSWORD = /^(INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS|EMAIL_NOT_FOUND)\b/;
const EMULATOR_PAGES = '/emulator';

// The SDK's largest body is a refresh or ID token (about 1 kB with the emulator) in a small JSON object.
export const EMULATOR_CALL_BODY_MAX_BYTES = 16 * 1024;
const TOKEN_MAX_CHARS = 8192;
const EMULATOR_TIMEOUT_MS = 15_000;

const email = v.pipe(v.string(), v.maxLength(320));
const password = v.pipe(v.string(), v.maxLength(4096));
const token = v.pipe(v.string(), v.minLength(1), v.maxLength(TOKEN_MAX_CHARS));
const returnSecureToken = v.optional(v.boolean());
const clientType = v.optional(v.literal('CLIENT_TYPE_WEB'));
const passwordSignIn = v.strictObject({ email, password, returnSecureToken, clientType });
/** A sign-up, or with the signed-in account's ID token, an e-mail and password added to it (issue 40). */
const passwordSignUp = v.strictObject({ email, password, returnSecureToken, clientType, idToken: v.optional(token) });
/** E.164 as the SDK sends it (`+8801712345678`); whether it is a Bangladesh mobile number is checked after. */
const phoneNumber = v.pipe(v.string(), v.regex(/^\+[1-9]\d{5,14}$/));
const sixDigitCode = v.pipe(v.string(), v.regex(/^\d{6}$/));

interface SdkCall {
  /** The form the SDK sends the body in (and the emulator reads it in). */
  encoding: 'json' | 'form';
  body: v.GenericSchema<unknown, Record<string, unknown>>;
}

/**
 * What the app's Firebase calls send (src/lib/firebase.ts and firebase/auth 12): sign-up and sign-in with a
 * password, the account lookup and token refresh behind onAuthStateChanged and getIdToken, the password-reset
 * mail, checking a mailed reset code and setting the new password with it, deleting one's own new account when a
 * registration is cancelled, a password change of one's own account, and (issue 40) adding an e-mail and password
 * or a phone number to one's account, or taking it off again. Strict objects: any other field (`localId`, `returnOobLink`, `targetProjectId`, ...) is refused.
 */
export const SDK_CALLS: Readonly<Record<string, SdkCall>> = {
  [`${IDENTITY_TOOLKIT}/v1/accounts:signUp`]: { encoding: 'json', body: passwordSignUp },
  [SIGN_IN_WITH_PASSWORD]: { encoding: 'json', body: passwordSignIn },
  [`${IDENTITY_TOOLKIT}/v1/accounts:lookup`]: { encoding: 'json', body: v.strictObject({ idToken: token }) },
  // A new password, or (issue 40) taking a just-added number or password off one's own account again when Basha
  // refused it (src/features/accounts/session/contact-additions.ts): one provider, of those two.
  [`${IDENTITY_TOOLKIT}/v1/accounts:update`]: {
    encoding: 'json',
    body: v.union([
      v.strictObject({ idToken: token, password, returnSecureToken }),
      v.strictObject({
        idToken: token,
        deleteProvider: v.pipe(v.array(v.picklist(['phone', 'password'])), v.length(1)),
        returnSecureToken,
      }),
    ]),
  },
  // verifyPasswordResetCode sends the mailed code alone, confirmPasswordReset the code and the new password (the
  // page Basha's reset mail links to). The emulator's other forms (email with oldPassword) are refused.
  [`${IDENTITY_TOOLKIT}/v1/accounts:resetPassword`]: {
    encoding: 'json',
    body: v.strictObject({ oobCode: token, newPassword: v.optional(password) }),
  },
  [`${IDENTITY_TOOLKIT}/v1/accounts:delete`]: { encoding: 'json', body: v.strictObject({ idToken: token }) },
  // signInWithPhoneNumber and linkWithPhoneNumber (issue 40) ask for a code with the reCAPTCHA v2 flow: the number,
  // the verifier's token, and the Enterprise fields the SDK fills in before falling back to v2 ("NO_RECAPTCHA").
  [SEND_VERIFICATION_CODE]: {
    encoding: 'json',
    body: v.strictObject({
      phoneNumber,
      recaptchaToken: v.optional(token),
      captchaResponse: v.optional(token),
      clientType,
      recaptchaVersion: v.optional(v.literal('RECAPTCHA_ENTERPRISE')),
    }),
  },
  // The code confirmed: a sign-in, or with the signed-in account's ID token, linking the number to it.
  [`${IDENTITY_TOOLKIT}/v1/accounts:signInWithPhoneNumber`]: {
    encoding: 'json',
    body: v.strictObject({ sessionInfo: token, code: sixDigitCode, idToken: v.optional(token) }),
  },
  [`${SECURE_TOKEN}/v1/token`]: {
    encoding: 'form',
    body: v.strictObject({ grant_type: v.literal('refresh_token'), refresh_token: token }),
  },
};

/**
 * The one read the SDK makes: the reCAPTCHA site key its RecaptchaVerifier asks for before a phone sign-in (with
 * the emulator it renders no reCAPTCHA, but still needs a key). Only the `key` query parameter, no body.
 */
export const SDK_READS: ReadonlySet<string> = new Set([`${IDENTITY_TOOLKIT}/v1/recaptchaParams`]);

const CONTENT_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded' } as const;

export interface EmulatorProxyOptions {
  emulator: { host: string; port: number };
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>;
  logger: Logger;
}

export function proxyAuthEmulator(app: Hono, { emulator, deps, logger }: EmulatorProxyOptions): void {
  const allowedOrigin = publicOrigin(deps.config);
  const countPasswordAttempt = passwordRefusalLimits(deps);
  const countPhoneCode = phoneCodeLimits(deps);
  const refuse = (c: Context, status: ContentfulStatusCode, reason: string, message: string) => {
    logger.info(`Auth emulator proxy refused ${c.req.method} ${c.req.path}: ${reason}`);
    return googleError(c, status, reason, message);
  };
  const limitBody = bodyLimit({
    maxSize: EMULATOR_CALL_BODY_MAX_BYTES,
    onError: (c) => refuse(c, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'),
  });

  app.all(`${EMULATOR_PAGES}/*`, (c) =>
    refuse(c, 403, 'EMULATOR_ONLY', "The Auth emulator's own pages and admin API are not served here."),
  );
  const onlySdkCalls: MiddlewareHandler = async (c, next) => {
    if (!isSameOrigin(c, allowedOrigin)) {
      return refuse(c, 403, 'FOREIGN_ORIGIN', 'Only pages of this site may call its sign-in service.');
    }
    // The SDK sends none; "Bearer owner" (or a service-account token) is the emulator's administrator.
    if (c.req.header('authorization') !== undefined) {
      return refuse(c, 403, 'ADMIN_ONLY_OPERATION', 'Sign-in calls here take no Authorization header.');
    }
    const read = SDK_READS.has(c.req.path);
    if (!SDK_CALLS[c.req.path] && !read) {
      return c.req.path.includes('/projects/')
        ? refuse(c, 403, 'ADMIN_ONLY_OPERATION', 'Project-wide (admin) calls are not served here.')
        : refuse(c, 404, 'NOT_FOUND', 'No such sign-in call.');
    }
    if (c.req.method !== (read ? 'GET' : 'POST')) {
      c.header('Allow', read ? 'GET' : 'POST');
      return refuse(c, 405, 'METHOD_NOT_ALLOWED', `This sign-in call takes ${read ? 'GET' : 'POST'} only.`);
    }
    if ([...new URL(c.req.url).searchParams.keys()].some((name) => name !== 'key')) {
      return refuse(c, 403, 'OPERATION_NOT_ALLOWED', 'Only the key query parameter is accepted.');
    }
    await next();
  };

  const emulatorTarget = (c: Context) => {
    const key = new URL(c.req.url).searchParams.get('key');
    const query = key === null ? '' : `?${new URLSearchParams({ key })}`;
    return `http://${emulator.host}:${emulator.port}${c.req.path}${query}`;
  };

  const forwardSdkCall: Handler = async (c) => {
    if (SDK_READS.has(c.req.path)) return forwardRead(c, emulatorTarget(c), logger);
    const call = SDK_CALLS[c.req.path];
    if (!call) return refuse(c, 404, 'NOT_FOUND', 'No such sign-in call.');
    const parsed = parseBody(call.encoding, await c.req.text());
    if (parsed === undefined) return refuse(c, 400, 'INVALID_ARGUMENT', 'The request body could not be read.');
    const checked = v.safeParse(call.body, parsed);
    if (!checked.success) {
      const fields = new Set(checked.issues.map((issue) => issue.path?.map((item) => String(item.key)).join('.')));
      const named = [...fields].filter(Boolean).join(', ') || 'body';
      return refuse(c, 403, 'OPERATION_NOT_ALLOWED', `Not a sign-in call this app makes (check: ${named}).`);
    }
    const target = emulatorTarget(c);
    if (c.req.path === SIGN_IN_WITH_PASSWORD) {
      return signInWithPassword(c, target, call, checked.output, countPasswordAttempt, logger);
    }
    if (c.req.path === SEND_VERIFICATION_CODE) {
      const number = normaliseBdPhone(String(checked.output.phoneNumber));
      // Firebase's own code for a number it cannot send to: the SDK throws auth/invalid-phone-number.
      if (!number) return refuse(c, 400, 'INVALID_PHONE_NUMBER', m.server_phone_not_bd());
      return sendVerificationCode(c, target, call, checked.output, await countPhoneCode(c, number), logger);
    }
    return forward(c, target, call, checked.output, logger);
  };

  for (const service of [IDENTITY_TOOLKIT, SECURE_TOKEN]) {
    app.all(`${service}/*`, onlySdkCalls, limitBody, forwardSdkCall);
  }
}

/**
 * A browser names the page's origin on every cross-origin request and on same-origin POSTs; other clients
 * (curl, the tests) send none. The page's origin is the one it reached us on (its host: the app's address, a LAN
 * address, Vite's dev server) or PUBLIC_URL.
 */
function isSameOrigin(c: Context, allowedOrigin: string): boolean {
  const origin = c.req.header('origin');
  if (origin === undefined) return true;
  if (origin === allowedOrigin) return true;
  try {
    return new URL(origin).host === new URL(c.req.url).host;
  } catch {
    return false; // "null" (a sandboxed frame, a file) or garbage
  }
}

function parseBody(encoding: SdkCall['encoding'], text: string): unknown {
  if (encoding === 'form') return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A sign-in with a password, refused unheard past the limits of wrong passwords, and counted when wrong. */
async function signInWithPassword(
  c: Context,
  target: string,
  call: SdkCall,
  body: Record<string, unknown>,
  countAttempt: (c: Context, email: string) => Promise<PasswordAttempt>,
  logger: Logger,
): Promise<Response> {
  const attempt = await countAttempt(c, String(body.email));
  if (attempt.tooMany) {
    logger.info(`Auth emulator proxy refused ${c.req.path}: too many wrong passwords`);
    for (const [name, value] of Object.entries(attempt.tooMany.headers ?? {})) c.header(name, value);
    // The Firebase SDK turns this code into auth/too-many-requests, which the sign-in page explains.
    return googleError(c, 429, 'TOO_MANY_ATTEMPTS_TRY_LATER', attempt.tooMany.message);
  }
  const answer = await forward(c, target, call, body, logger);
  await attempt.settle(answer.status === 400 && WRONG_PASSWORD.test(await googleErrorCode(answer)));
  return answer;
}

/** A sign-in code by SMS, refused unasked past the limits, and not counted when none went out. */
async function sendVerificationCode(
  c: Context,
  target: string,
  call: SdkCall,
  body: Record<string, unknown>,
  attempt: PhoneCodeAttempt,
  logger: Logger,
): Promise<Response> {
  if (attempt.tooMany) {
    logger.info(`Auth emulator proxy refused ${c.req.path}: too many codes`);
    for (const [name, value] of Object.entries(attempt.tooMany.headers ?? {})) c.header(name, value);
    // The SDK turns this code into auth/too-many-requests.
    return googleError(c, 429, 'TOO_MANY_ATTEMPTS_TRY_LATER', attempt.tooMany.message);
  }
  const answer = await forward(c, target, call, body, logger);
  if (!answer.ok) await attempt.uncount();
  return answer;
}

/** The code of a Google error answer (`{"error": {"message": "INVALID_PASSWORD : ..."}}`), or ''. */
async function googleErrorCode(answer: Response): Promise<string> {
  try {
    const parsed = (await answer.clone().json()) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' ? parsed.error.message : '';
  } catch {
    return '';
  }
}

async function forward(
  c: Context,
  target: string,
  { encoding }: SdkCall,
  body: Record<string, unknown>,
  logger: Logger,
): Promise<Response> {
  const payload =
    encoding === 'json'
      ? JSON.stringify(body)
      : new URLSearchParams(Object.entries(body).map(([name, value]) => [name, String(value)])).toString();
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': CONTENT_TYPES[encoding] },
      body: payload,
      signal: AbortSignal.timeout(EMULATOR_TIMEOUT_MS),
    });
  } catch (error) {
    logger.error(`Auth emulator call ${c.req.path} failed`, error);
    return googleError(c, 502, 'UNAVAILABLE', SIGN_IN_SERVICE_UNAVAILABLE_MESSAGE());
  }
  // Only the status, the body and its type pass: none of the emulator's headers (its CORS grant above all).
  return new Response(await upstream.text(), {
    status: upstream.status,
    headers: {
      'content-type': upstream.headers.get('content-type') ?? CONTENT_TYPES.json,
      'cache-control': 'no-store',
    },
  });
}

/** The SDK's one read (SDK_READS), sent on without a body; only the status, the body and its type come back. */
async function forwardRead(c: Context, target: string, logger: Logger): Promise<Response> {
  let upstream: Response;
  try {
    upstream = await fetch(target, { signal: AbortSignal.timeout(EMULATOR_TIMEOUT_MS) });
  } catch (error) {
    logger.error(`Auth emulator call ${c.req.path} failed`, error);
    return googleError(c, 502, 'UNAVAILABLE', SIGN_IN_SERVICE_UNAVAILABLE_MESSAGE());
  }
  return new Response(await upstream.text(), {
    status: upstream.status,
    headers: {
      'content-type': upstream.headers.get('content-type') ?? CONTENT_TYPES.json,
      'cache-control': 'no-store',
    },
  });
}

/**
 * A refusal the Firebase SDK understands (it reads `error.message`, "CODE : detail", and throws `auth/code`) that
 * is also Basha's usual `{success:false, message}`.
 */
function googleError(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ success: false, message, error: { code: status, message: `${code} : ${message}` } }, status);
}
