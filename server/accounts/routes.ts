import { Hono } from 'hono';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { newUserSchema, newPhoneUserSchema, findIdSchema, findIdByPhoneSchema } from '../../src/domain/user';
import { normaliseBdPhone } from '../../src/domain/phone';
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
import { offersLiveService } from '../services/service-store';
import { SIGN_IN_SERVICE_UNAVAILABLE_MESSAGE } from '../auth/identity';
import type { VerifiedIdentity } from '../auth/identity';
import { createSession, forgetCachedSessions, revokeSession, revokeUserSessions } from '../auth/sessions';
import { users } from '../db/schema';
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
import {
  findUserByEmail,
  findUserById,
  findUserByVerifiedPhone,
  findUsersClaiming,
  insertUser,
  toPublicProfile,
  toUserRecord,
  type NewUserInput,
} from './users';
import { isHiddenUser } from '../moderation/moderation-store';
import { withModeratorFlag } from '../moderation/moderators';
import { m } from '../../src/i18n/generated/messages.js';
import { localDigits } from '../../src/i18n/digits';
import { currentLanguage } from '../http/request-locale';

/** The account endpoints of the accounts spec, section 7, under /api/v1/user. */

export const PROFILE_NOT_FOUND_MESSAGE = (): string => m.server_profile_not_found();
export const ALREADY_VERIFIED_MESSAGE = (): string => m.server_already_verified();
export const INVALID_OTP_MESSAGE = (): string => m.server_invalid_otp();

/** find-id's body: the token's e-mail, or (an account made with a phone number) the token's number. */
const findIdBodySchema = v.lazy((input) =>
  typeof input === 'object' && input !== null && 'phoneNumber' in input ? findIdByPhoneSchema : findIdSchema,
);

/**
 * The number a Firebase phone sign-in proved, in Basha's form (`+880 1712-345678`); undefined when the token holds
 * none. A number that is no Bangladesh mobile number is refused: Basha signs in only those (docs/security.md).
 */
function tokenPhone(identity: VerifiedIdentity): string | undefined {
  if (!identity.phoneNumber) return undefined;
  const phone = normaliseBdPhone(identity.phoneNumber);
  if (!phone) throw new HttpError(400, m.server_phone_not_bd());
  return phone;
}

export function accountRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const firebase = requireFirebaseToken(deps);
  const session = requireSession(deps);
  const { db, config, clock } = deps;
  const log = deps.logger;
  const countOtpMail = otpMailLimit(deps);
  const notYours = () => forbidden(m.server_account_not_yours());

  routes.post('/create-new', firebase, async (c) => {
    const identity = c.get('firebaseIdentity');
    // A phone sign-in (issue 40): a token with a proven number and no e-mail. Its number is the account's.
    const provenPhone = identity.email ? undefined : tokenPhone(identity);
    let input: NewUserInput;
    if (provenPhone) {
      const body = await readJsonBody(c, newPhoneUserSchema);
      if (body.phoneNumber !== undefined && body.phoneNumber !== provenPhone) {
        const message = m.server_phone_must_match();
        throw new HttpError(403, message, { errors: { phoneNumber: [message] } });
      }
      input = { ...body, phoneNumber: provenPhone };
    } else {
      input = await readJsonBody(c, newUserSchema);
      if (!identity.email || identity.email !== input.email?.toLowerCase()) {
        throw forbidden(m.server_email_must_match());
      }
    }
    const claimed = await findUsersClaiming(db, identity.uid, { email: input.email, verifiedPhone: provenPhone });
    if (claimed.some((row) => row.firebaseUid === identity.uid)) {
      throw new HttpError(409, m.server_profile_exists());
    }
    const taken = () => new HttpError(409, input.email ? m.server_email_taken() : m.server_phone_taken());
    if (claimed.some((row) => provenPhone !== undefined && row.phoneVerified && row.phoneNumber === provenPhone)) {
      throw new HttpError(409, m.server_phone_taken());
    }
    if (claimed.length > 0) throw taken();
    let row;
    try {
      // The photo must be this account's own upload (made with this Firebase token); taken with the profile.
      row = await db.transaction(async (tx) => {
        const photo = { kind: 'profile', uploaderUid: identity.uid, now: clock.now() } as const;
        if (input.profileImage) await attachUploads(tx, deps.images, [input.profileImage], photo);
        return insertUser(tx, identity.uid, input, { now: clock.now(), phoneVerified: provenPhone !== undefined });
      });
    } catch (error) {
      // Two requests at once both passed the check above; the unique indexes let only one in.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    await deps.identity.persistAccounts();
    return ok(c, m.server_user_created(), toUserRecord(row), 201);
  });

  routes.post('/find-id', firebase, async (c) => {
    const identity = c.get('firebaseIdentity');
    const body = await readJsonBody(c, findIdBodySchema);
    let row;
    if ('phoneNumber' in body) {
      if (tokenPhone(identity) !== body.phoneNumber) throw forbidden(m.server_look_up_own_account());
      row = await findUserByVerifiedPhone(db, body.phoneNumber);
    } else {
      if (!identity.email || identity.email !== body.email) throw forbidden(m.server_look_up_own_account());
      row = await findUserByEmail(db, body.email);
    }
    if (!row) throw new HttpError(404, m.server_id_not_found());
    return ok(c, 'Id found', [{ _id: row.id }]);
  });

  // An account adds a phone number (Firebase's linkWithPhoneNumber, issue 40) and proves it here with its fresh
  // Firebase token, which now holds the number: it becomes the account's number, verified. The account's own only.
  routes.post('/verify-phone/:id', firebase, async (c) => {
    const identity = c.get('firebaseIdentity');
    const user = await findUserById(db, c.req.param('id'));
    if (!user || user.firebaseUid !== identity.uid) throw notYours();
    if (!identity.phoneNumber) throw new HttpError(400, m.server_phone_token_without_number());
    const phone = tokenPhone(identity);
    if (!phone) throw new HttpError(400, m.server_phone_not_bd());
    const holder = await findUserByVerifiedPhone(db, phone);
    if (holder && holder.id !== user.id) throw new HttpError(409, m.server_phone_taken());
    let updated;
    try {
      [updated] = await db
        .update(users)
        .set({ phoneNumber: phone, phoneVerified: true, updatedAt: clock.now() })
        .where(eq(users.id, user.id))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, m.server_phone_taken());
      throw error;
    }
    if (!updated) throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    // Posting reads whether the account is proven with its session (server/auth/sessions.ts).
    forgetCachedSessions(db, user.id);
    return ok(c, m.server_phone_verified(), toUserRecord(updated));
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
    if (!viewer && !(await offersLiveService(db, row.id))) {
      throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    }
    return ok(c, 'User found', isOwner ? withModeratorFlag(config, row) : toPublicProfile(row));
  });

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
    // An account made with a phone number has no password to forget, and no key.
    if (row.email) c.header(DEVICE_KEY_HEADER, issueDeviceKey(config.sessionSecret, row.email));
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
    // An account made with a phone number first adds its address (PATCH /user/update-details).
    const email = user.email;
    if (!email) throw new HttpError(400, m.server_no_email_for_code());
    if (resendWaitSeconds(await findOtp(db, user.id), now) > 0) throw await tooSoon();
    await countOtpMail(c, email);

    const code = generateOtpCode();
    const codeHash = hashOtp(config.sessionSecret, user.id, code);
    if (!(await storeOtp(db, user.id, codeHash, newOtpWindow(now, deps.config.otpTtlMs)))) throw await tooSoon();
    try {
      await deps.mailer.send(otpMail(email, code, deps.config.otpTtlMs, accountLanguage(user.language)));
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
