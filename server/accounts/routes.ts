import { Hono } from 'hono';
import { newUserSchema, findIdSchema } from '../../src/domain/user';
import { triesLeftText, validateOtpBodySchema, type OtpStatus } from '../../src/domain/otp';
import { resetPasswordBodySchema } from '../../src/domain/reset-password-form';
import {
  assertSessionOwns,
  optionalSession,
  requireFirebaseToken,
  requireSession,
  sessionIfAny,
  type AuthEnv,
} from '../auth/middleware';
import { endSessionsBeforePasswordChange } from '../auth/account-status';
import { listServicesOf } from '../services/service-store';
import { SIGN_IN_SERVICE_UNAVAILABLE_MESSAGE } from '../auth/identity';
import { createSession, revokeSession, revokeUserSessions } from '../auth/sessions';
import { isUniqueViolation } from '../db/client';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { forbidden, HttpError } from '../http/errors';
import { otpCheckLimit, otpSendLimit, refusedSignInLimit, signInLimit } from '../http/limits';
import { readJsonBody } from '../http/validate';
import { attachUploads } from '../images/uploads';
import {
  countAttempt,
  discardOtp,
  findOtp,
  generateOtpCode,
  hashOtp,
  markVerified,
  otpMatches,
  storeOtp,
} from './otp-codes';
import { otpMail } from './otp-mail';
import { accountLanguage } from './users';
import { otpMailLimit } from './otp-mail-limit';
import { attemptsLeft, checkBeforeCompare, newOtpWindow, otpStatus, resendWaitSeconds } from './otp-rules';
import { mailResetLinkLater, PASSWORD_RESET_SENT_MESSAGE, resetRequestLimit } from './password-reset';
import { DEVICE_KEY_HEADER, issueDeviceKey } from './reset-device-keys';
import { findUserByEmail, findUserById, findUsersClaiming, insertUser, toPublicProfile, toUserRecord } from './users';
import { isHiddenUser } from '../moderation/moderation-store';
import { withModeratorFlag } from '../moderation/moderators';
import { m } from '../../src/i18n/generated/messages.js';
import { localDigits } from '../../src/i18n/digits';
import { currentLanguage } from '../http/request-locale';

/** The account endpoints of the accounts spec, section 7, under /api/v1/user. */

export const PROFILE_NOT_FOUND_MESSAGE = (): string => m.server_profile_not_found();
export const ALREADY_VERIFIED_MESSAGE = (): string => m.server_already_verified();
export const INVALID_OTP_MESSAGE = (): string => m.server_invalid_otp();

export function accountRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const firebase = requireFirebaseToken(deps);
  const session = requireSession(deps);
  const { db, config, clock } = deps;
  const log = deps.logger;
  const countOtpMail = otpMailLimit(deps);

  routes.post('/create-new', firebase, async (c) => {
    const identity = c.get('firebaseIdentity');
    const input = await readJsonBody(c, newUserSchema);
    if (!identity.email || identity.email !== input.email.toLowerCase()) {
      throw forbidden(m.server_email_must_match());
    }
    const claimed = await findUsersClaiming(db, identity.uid, input.email);
    if (claimed.some((row) => row.firebaseUid === identity.uid)) {
      throw new HttpError(409, m.server_profile_exists());
    }
    if (claimed.length > 0) throw new HttpError(409, m.server_email_taken());
    let row;
    try {
      // The photo must be this account's own upload (made with this Firebase token); taken with the profile.
      row = await db.transaction(async (tx) => {
        const photo = { kind: 'profile', uploaderUid: identity.uid, now: clock.now() } as const;
        if (input.profileImage) await attachUploads(tx, deps.images, [input.profileImage], photo);
        return insertUser(tx, identity.uid, input, { now: clock.now() });
      });
    } catch (error) {
      // Two requests at once both passed the check above; the unique indexes let only one in.
      if (isUniqueViolation(error)) throw new HttpError(409, m.server_email_taken());
      throw error;
    }
    await deps.identity.persistAccounts();
    return ok(c, m.server_user_created(), toUserRecord(row), 201);
  });

  routes.post('/find-id', firebase, async (c) => {
    const identity = c.get('firebaseIdentity');
    const { email } = await readJsonBody(c, findIdSchema);
    if (!identity.email || identity.email !== email) throw forbidden(m.server_look_up_own_account());
    const row = await findUserByEmail(db, email);
    if (!row) throw new HttpError(404, m.server_id_not_found());
    return ok(c, 'Id found', [{ _id: row.id }]);
  });

  // Open to visitors for providers' pages (issue 40): a visitor reads the public profile of someone who offers a live
  // service, and of no one else, so that the people of Basha cannot be listed by a stranger one id at a time.
  routes.get('/find-info/:userId', optionalSession(deps), async (c) => {
    const row = await findUserById(db, c.req.param('userId'));
    if (!row) throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    const viewer = sessionIfAny(c);
    const isOwner = row.id === viewer?.userId;
    // A person a moderator hid is gone for everyone else; the owner reads their record, and whether they moderate.
    if (!isOwner && (await isHiddenUser(db, row.id))) throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    if (!viewer && (await listServicesOf(db, row.id)).length === 0) {
      throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    }
    return ok(c, 'User found', isOwner ? withModeratorFlag(config, row) : toPublicProfile(row));
  });

  const notYours = () => forbidden(m.server_account_not_yours());

  // The Firebase token is checked before anything is counted: the limit counts per verified account, so a stranger
  // cannot lock anyone out, and refusals count per client address. Unknown and malformed ids get the same answer
  // as other people's, revealing nothing; ids are matched in lower case (findUserById).
  routes.post('/sign-in-token/:id', refusedSignInLimit(deps), firebase, signInLimit(deps), async (c) => {
    const identity = c.get('firebaseIdentity');
    const row = await findUserById(db, c.req.param('id'));
    if (!row || row.firebaseUid !== identity.uid) throw notYours();
    if (await isHiddenUser(db, row.id)) throw new HttpError(403, m.server_moderation_account_suspended());
    await endSessionsBeforePasswordChange(deps, row.id, identity.uid);
    const session = { userId: row.id, signedInAt: identity.signedInAt };
    // This phone's key for the account's own "Forgot password" allowance (server/accounts/reset-device-keys.ts).
    c.header(DEVICE_KEY_HEADER, issueDeviceKey(config.sessionSecret, row.email));
    return ok(c, 'Signed in', await createSession(db, config.sessionSecret, session, clock.now()));
  });

  routes.post('/sign-out', session, async (c) => {
    await revokeSession(db, c.get('session').id, clock.now());
    return ok(c, m.server_signed_out());
  });

  routes.post('/sign-out-everywhere', session, async (c) => {
    const current = c.get('session');
    // Firebase first: when it cannot be reached nothing has changed yet, and the person can simply try again.
    try {
      await deps.identity.revokeRefreshTokens(current.firebaseUid);
    } catch (error) {
      log?.error(`Could not revoke the Firebase sign-ins of user ${current.userId}`, error);
      throw new HttpError(503, SIGN_IN_SERVICE_UNAVAILABLE_MESSAGE());
    }
    await revokeUserSessions(db, current.userId, clock.now());
    await deps.identity.persistAccounts();
    return ok(c, m.server_signed_out_everywhere());
  });

  // No token: the person has forgotten their password. The same answer for every valid address, known or not;
  // the lookup and the mail follow in the background (server/accounts/password-reset.ts).
  routes.post('/reset-password', resetRequestLimit(deps), async (c) => {
    const { email, deviceKeys } = await readJsonBody(c, resetPasswordBodySchema);
    mailResetLinkLater(deps, email, deviceKeys);
    return ok(c, PASSWORD_RESET_SENT_MESSAGE());
  });

  // What the verification page needs after a reload (the phone's mail app often pushes it out of memory): whether
  // a code is out, for how long, and when another may be sent. The person's own account only.
  routes.get('/otp-status/:id', session, async (c) => {
    const current = c.get('session');
    assertSessionOwns(current, c.req.param('id'));
    const user = await findUserById(db, current.userId);
    if (!user) throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    const status: OtpStatus = otpStatus(user.isVerified, await findOtp(db, user.id), clock.now());
    return ok(c, 'OTP status', status);
  });

  routes.patch('/generate-otp/:id', session, otpSendLimit(deps), async (c) => {
    const current = c.get('session');
    assertSessionOwns(current, c.req.param('id'));
    const user = await findUserById(db, current.userId);
    if (!user) throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    if (user.isVerified) throw new HttpError(409, ALREADY_VERIFIED_MESSAGE());

    const now = clock.now();
    const tooSoon = async () => {
      const wait = Math.max(1, resendWaitSeconds(await findOtp(db, user.id), now));
      return new HttpError(429, m.server_otp_wait({ seconds: localDigits(String(wait), currentLanguage()) }), {
        headers: { 'Retry-After': String(wait) },
      });
    };
    if (resendWaitSeconds(await findOtp(db, user.id), now) > 0) throw await tooSoon();
    await countOtpMail(c, user.email);

    const code = generateOtpCode();
    const codeHash = hashOtp(config.sessionSecret, user.id, code);
    if (!(await storeOtp(db, user.id, codeHash, newOtpWindow(now, deps.config.otpTtlMs)))) throw await tooSoon();
    try {
      await deps.mailer.send(otpMail(user.email, code, deps.config.otpTtlMs, accountLanguage(user.language)));
    } catch (error) {
      // A code nobody received must not block a retry for a minute.
      await discardOtp(db, user.id, codeHash);
      log?.error(`OTP mail to user ${user.id} failed`, error);
      throw new HttpError(502, m.server_otp_failed());
    }
    return ok(c, m.server_otp_sent());
  });

  routes.post('/validate-otp/:id', session, otpCheckLimit(deps), async (c) => {
    const current = c.get('session');
    assertSessionOwns(current, c.req.param('id'));
    const { otp } = await readJsonBody(c, validateOtpBodySchema);
    const user = await findUserById(db, current.userId);
    if (!user) throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    if (user.isVerified) throw new HttpError(409, ALREADY_VERIFIED_MESSAGE());

    const now = clock.now();
    const stored = await findOtp(db, user.id);
    const tooMany = new HttpError(429, m.server_otp_too_many_attempts());
    switch (checkBeforeCompare(stored, now)) {
      case 'no-code':
        throw new HttpError(400, m.server_otp_none_active());
      case 'expired':
        throw new HttpError(400, m.server_otp_expired());
      case 'too-many-attempts':
        throw tooMany;
      case 'compare':
        break;
    }
    if (!stored) throw new Error('unreachable: compare without a stored code');
    // Count the try before comparing, so parallel guesses cannot exceed the limit.
    const attempts = await countAttempt(db, user.id, stored.codeHash);
    if (attempts === undefined) throw tooMany;
    if (!otpMatches(config.sessionSecret, stored, otp)) {
      // The spec's message, and the field's error with the tries left (the page shows the latter, once).
      const hint = `${INVALID_OTP_MESSAGE()} ${triesLeftText(attemptsLeft(attempts))}`;
      throw new HttpError(400, INVALID_OTP_MESSAGE(), { errors: { otp: [hint] } });
    }
    await markVerified(db, user.id, now);
    return ok(c, m.server_account_verified());
  });

  return routes;
}
