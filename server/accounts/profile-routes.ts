import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { editProfileSchema, emailCannotChangeMessage } from '../../src/domain/profile-form';
import { assertSessionOwns, optionalSession, requireSession, sessionIfAny, type AuthEnv } from '../auth/middleware';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { readJsonBody } from '../http/validate';
import { attachUploads } from '../images/uploads';
import { listServicesOf, touchServicesNaming } from '../services/service-store';
import { visitorService } from '../listings/visitor-view';
import { isHiddenUser } from '../moderation/moderation-store';
import { PROFILE_NOT_FOUND_MESSAGE } from './routes';
import { findUserByEmail, findUserById, toUserRecord } from './users';
import { forgetCachedSessions } from '../auth/sessions';
import { isUniqueViolation } from '../db/client';
import { m } from '../../src/i18n/generated/messages.js';
import { LOCALES } from '../../src/i18n/locale';

/**
 * Profile endpoints under /api/v1/user beside the account ones: a user's professional profiles, and the
 * owner's profile edit (an allow-list: e-mail, verification and status cannot change here).
 */

const emailTaken = () => new HttpError(409, m.server_email_taken(), { errors: { email: [m.server_email_taken()] } });

export function profileRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const session = requireSession(deps);
  const { db, clock } = deps;

  // The provider page's read, open to visitors (issue 40): to them the services as the lists show them
  // (server/listings/visitor-view.ts: no phone number, no street).
  routes.get('/professional-details/:userId', optionalSession(deps), async (c) => {
    const viewer = sessionIfAny(c);
    const user = await findUserById(db, c.req.param('userId'));
    if (!user) throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    if (user.id !== viewer?.userId && (await isHiddenUser(db, user.id))) {
      throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    }
    const services = await listServicesOf(db, user.id);
    const professionalProfiles = viewer ? services : services.map(visitorService);
    return ok(c, 'Professional details found', { _id: user.id, name: user.name, professionalProfiles });
  });

  routes.patch('/update-details/:userId', session, async (c) => {
    const current = c.get('session');
    assertSessionOwns(current, c.req.param('userId'));
    const user = await findUserById(db, current.userId);
    if (!user) throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    const input = await readJsonBody(c, editProfileSchema);
    // An address, once there, cannot change; an account made with a phone number may add one (issue 40), which
    // it then proves with the mailed code as any other (isVerified stays false until then).
    const email = input.email?.toLowerCase();
    if (user.email !== null && email !== user.email) {
      const message = emailCannotChangeMessage();
      throw new HttpError(400, message, { errors: { email: [message] } });
    }
    const addsEmail = user.email === null && email !== undefined;
    if (addsEmail && (await findUserByEmail(db, email))) throw emailTaken();
    // A number a phone sign-in proved stays proven only while it is the number; the one way into an account that
    // has no address cannot change at all.
    const phoneChanges = input.phoneNumber !== user.phoneNumber;
    if (phoneChanges && user.phoneVerified && user.email === null && !addsEmail) {
      const message = m.server_phone_cannot_change();
      throw new HttpError(400, message, { errors: { phoneNumber: [message] } });
    }
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      // A new photo must be the user's own upload; the photo the profile already has may stay.
      if (input.profileImage && input.profileImage !== user.profileImage) {
        const photo = { kind: 'profile', uploaderUid: current.firebaseUid, now } as const;
        await attachUploads(tx, deps.images, [input.profileImage], photo);
      }
      const [updated] = await tx
        .update(users)
        .set({
          name: input.name,
          phoneNumber: input.phoneNumber,
          ...(phoneChanges ? { phoneVerified: false } : {}),
          ...(addsEmail ? { email } : {}),
          dateOfBirth: input.dateOfBirth,
          gender: input.gender,
          nationality: input.nationality,
          occupation: input.occupation ?? null,
          nid: input.nid ?? null,
          street: input.address.street,
          city: input.address.city,
          postalCode: input.address.postalCode,
          socialMedia: Object.fromEntries(Object.entries(input.socialMedia ?? {}).filter(([, link]) => link)),
          // The photo changes only when a new one was uploaded (or null removes it).
          ...(input.profileImage !== undefined ? { profileImage: input.profileImage } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, user.id))
        .returning();
      // Services show their provider's and reviewers' names: a new name must reach the next delta sync.
      if (updated && updated.name !== user.name) await touchServicesNaming(tx, user.id, now);
      return updated;
    }).catch((error: unknown) => {
      // Two accounts adding the same address at once: the unique index lets one in.
      if (addsEmail && isUniqueViolation(error)) throw emailTaken();
      throw error;
    });
    if (!row) throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    // Posting reads whether the account is proven with its session (server/auth/sessions.ts).
    if (phoneChanges && user.phoneVerified) forgetCachedSessions(db, user.id);
    return ok(c, m.server_profile_updated(), toUserRecord(row));
  });

  // The language the account reads Basha in: its mails, and the app on a phone where none was picked.
  routes.put('/language', session, async (c) => {
    const current = c.get('session');
    const { language } = await readJsonBody(c, accountLanguageSchema);
    const [row] = await db
      .update(users)
      .set({ language, updatedAt: clock.now() })
      .where(eq(users.id, current.userId))
      .returning({ language: users.language });
    if (!row) throw new HttpError(404, PROFILE_NOT_FOUND_MESSAGE());
    return ok(c, m.server_language_saved(), { language });
  });

  return routes;
}

const accountLanguageSchema = v.object({
  language: v.picklist(LOCALES, () => m.server_language_unknown()),
});
