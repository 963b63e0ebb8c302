import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { moderationActionSchema, reportPayloadSchema, REPORTS_PER_HOUR } from '../../src/domain/report';
import { requireVerifiedEmail } from '../accounts/verified-email';
import { accountLanguage, findUserById } from '../accounts/users';
import { keyedHash } from '../auth/keyed-hash';
import { revokeUserSessions } from '../auth/sessions';
import { requireSession, type AuthEnv } from '../auth/middleware';
import { placeName } from '../../src/domain/places/place-display';
import type { Locale } from '../../src/i18n/locale';
import type { Database } from '../db/client';
import { rentPosts } from '../db/schema';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { forbidden, HttpError } from '../http/errors';
import { clientAddress, rateLimit } from '../http/rate-limit';
import { readJsonBody } from '../http/validate';
import { placeOf } from '../places/place-input';
import { reportedMessages } from '../conversations/conversation-store';
import { hiddenItemMail } from './hidden-mail';
import {
  dismissReports,
  fileReport,
  findReportTarget,
  hiddenItemsOf,
  hideTarget,
  openReportGroups,
} from './moderation-store';
import { requireModerator } from './moderators';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Reports and moderation (issue 21, point 4; docs/api.md). `POST /reports` for anyone signed in with a verified
 * e-mail, at most REPORTS_PER_HOUR an hour per account; `/moderation/*` for moderators only, except
 * `hidden-mine`, where an owner reads what was hidden of theirs and why.
 */

const HOUR_MS = 60 * 60 * 1000;
const MAX_PAGE = 10_000;

export function reportRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.use('*', requireSession(deps));
  routes.post(
    '/',
    requireVerifiedEmail(),
    // Counted per account, every request (a refused one too): a throw-away account cannot flood the moderators.
    rateLimit(deps, {
      name: 'reports',
      limit: REPORTS_PER_HOUR,
      windowMs: HOUR_MS,
      by: (c) => c.get('session').userId,
      message: (wait) => m.server_moderation_reports_limited(wait),
    }),
    async (c) => {
      const reporterId = c.get('session').userId;
      const report = await readJsonBody(c, reportPayloadSchema);
      const target = await findReportTarget(deps.db, report.kind, report.targetId, reporterId);
      if (!target) throw new HttpError(404, m.server_moderation_target_not_found());
      if (target.ownerId === reporterId) throw forbidden(m.server_moderation_own_item());
      // One open report per reporter and target: a second is refused (409), so nobody can weigh an item down alone.
      // The address is kept only as an HMAC: enough to weigh several accounts on one phone as one reporter.
      const clientKey = keyedHash(deps.config.sessionSecret, 'client', clientAddress(c, deps.config.trustedProxyHops));
      if (!(await fileReport(deps.db, { id: reporterId, clientKey }, report, deps.clock.now()))) {
        throw new HttpError(409, m.server_moderation_already_reported());
      }
      return ok(c, m.server_moderation_report_sent(), { kind: report.kind, targetId: report.targetId }, 201);
    },
  );
  return routes;
}

const pageSchema = v.pipe(
  v.optional(v.string(), '1'),
  v.regex(/^\d{1,5}$/),
  v.transform(Number),
  v.minValue(1),
  v.maxValue(MAX_PAGE),
);

/** The name of a rent ad's area in the place tree, in the reader's language; undefined when it has none. */
async function rentAdPlaceName(db: Database, id: string, locale: Locale): Promise<string | undefined> {
  const [row] = await db.select({ placeId: rentPosts.placeId }).from(rentPosts).where(eq(rentPosts.id, id));
  const place = placeOf(row?.placeId ?? null);
  return place ? placeName(place, locale) : undefined;
}

export function moderationRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.use('*', requireSession(deps));

  // The owner's own hidden items, with the reason: their profile page shows them.
  routes.get('/hidden-mine', async (c) => {
    return ok(c, m.server_moderation_hidden_mine(), await hiddenItemsOf(deps.db, c.get('session').userId));
  });

  const moderator = requireModerator(deps);

  routes.get('/reports', moderator, async (c) => {
    const page = v.safeParse(pageSchema, c.req.query('page'));
    if (!page.success) throw new HttpError(400, m.server_moderation_page_invalid());
    return ok(c, m.server_moderation_reports_found(), await openReportGroups(deps.db, page.output));
  });

  // A conversation's messages, as written, only while someone's report of it is open (docs/security.md).
  routes.get('/conversations/:id/messages', moderator, async (c) => {
    const messages = await reportedMessages(deps.db, c.req.param('id'));
    return ok(c, m.server_conversations_reported_messages(), messages);
  });

  routes.post('/hide', moderator, async (c) => {
    const action = await readJsonBody(c, moderationActionSchema);
    const outcome = await hideTarget(deps.db, action, c.get('session').userId, deps.clock.now());
    if (outcome.type === 'not-found') throw new HttpError(404, m.server_moderation_target_not_found());
    if (outcome.type === 'not-hideable') throw new HttpError(400, m.server_moderation_conversation_not_hideable());
    if (outcome.type === 'already-hidden') {
      return ok(c, m.server_moderation_already_hidden(), { kind: action.kind, targetId: action.targetId });
    }
    // A hidden person is suspended: their sessions end now (in every process at its next request, or within the
    // session cache's few seconds), and sign-in-token refuses them, so they cannot post again.
    if (action.kind === 'user') await revokeUserSessions(deps.db, outcome.ownerId, deps.clock.now());
    // After commit, and never failing the answer: the item is hidden either way; the owner also sees why on
    // their profile. Only to an address its owner has verified: anyone may register with a stranger's address,
    // and Basha does not write to strangers.
    try {
      const owner = await findUserById(deps.db, outcome.ownerId);
      // A phone account without an address gets no mail; its profile says why (issue 40).
      if (owner?.isVerified && owner.email) {
        const locale = accountLanguage(owner.language);
        const placeName = action.kind === 'rent' ? await rentAdPlaceName(deps.db, action.targetId, locale) : undefined;
        await deps.mailer.send(
          hiddenItemMail(owner.email, { kind: action.kind, placeName, reason: outcome.reason }, locale),
        );
      }
    } catch (error) {
      deps.logger?.error(`Could not mail the owner of hidden ${action.kind} ${action.targetId}`, error);
    }
    return ok(c, m.server_moderation_hidden(), {
      kind: action.kind,
      targetId: action.targetId,
      reason: outcome.reason,
    });
  });

  routes.post('/dismiss', moderator, async (c) => {
    const action = await readJsonBody(c, moderationActionSchema);
    const closed = await dismissReports(deps.db, action, deps.clock.now());
    return ok(c, m.server_moderation_dismissed(), { kind: action.kind, targetId: action.targetId, closed });
  });

  return routes;
}
