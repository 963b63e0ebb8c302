import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import {
  newRequestSchema,
  requestActionSchema,
  type RequestKind,
  type RequestRecord,
  type RequestRole,
  type RequestStatus,
  type TimeOfDay,
} from '../../src/domain/request-status';
import { accountLanguage, findUserById } from '../accounts/users';
import { requireVerifiedEmail } from '../accounts/verified-email';
import { requireSession, type AuthEnv } from '../auth/middleware';
import type { Database } from '../db/client';
import type { RequestRow } from '../db/schema';
import { recordEvent } from '../events/user-events';
import { consoleLogger, type AppDeps } from '../deps';
import { failure, jsonAnswer, ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { idempotent } from '../http/idempotency';
import { readJsonBody } from '../http/validate';
import type { MailMessage } from '../mail/mailer';
import { newRequestMail, requestAnswerMail, type RequestInMail } from './request-mail';
import { createRequest, moveRequest, RequestMoveRefused, requestsOf, toRecord, waitingCountOf } from './request-store';
import type { Locale } from '../../src/i18n/locale';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Requests under /api/v1/requests (issue 41): `POST /` asks for a job or a visit, `GET /?as=customer|owner` lists
 * the caller's own, `GET /waiting-count` counts those waiting for the caller's answer (the header's badge),
 * `PATCH /{id}` answers one (the moves are src/domain/request-status.ts's table). Every route needs a session;
 * asking needs a verified e-mail address or phone number, as posting does. The writes honour an Idempotency-Key: a
 * repeat answers the first and changes nothing. Mails go after the write committed, and a mail that fails is logged,
 * never a failed request.
 */

/** Both sides' event streams hear of a request made or moved (the other's devices too), in its transaction. */
async function tellBothSides(tx: Database, row: RequestRow): Promise<void> {
  const event = { type: 'request', requestId: row.id, status: row.status as RequestStatus } as const;
  await recordEvent(tx, row.customerId, event);
  await recordEvent(tx, row.ownerId, event);
}

/**
 * The side that did not act is told on their devices (push, issue 43), on My requests in their role. The job is
 * written in the write's transaction when there is one (an Idempotency-Key), so a refused move tells nobody.
 */
async function pushToOtherSide(jobs: AppDeps['jobs'], db: Database, row: RequestRow, actorId: string): Promise<void> {
  const otherIsOwner = row.customerId === actorId;
  const userId = otherIsOwner ? row.ownerId : row.customerId;
  const about = { type: 'request', url: `/main/requests?as=${otherIsOwner ? 'owner' : 'customer'}` } as const;
  await jobs.send('push.notify', { userId, about }, { within: db });
}

/** A mail to one side, written once the recipient's address and language are known. */
interface PendingMail {
  userId: string;
  write(to: string, locale: Locale): MailMessage;
}

export function requestRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  // The mails a write leaves for after its commit, by request.
  const pendingMails = new WeakMap<Request, PendingMail[]>();
  const logger = deps.logger ?? consoleLogger;
  routes.use('*', requireSession(deps));
  const verified = requireVerifiedEmail();
  const link = `${deps.config.publicUrl}/main/requests`;

  // After the handler and so after idempotent()'s commit: the mails of a write that happened, never of a replay.
  // Sent in the background: the answer does not wait for the SMTP server, and a mail that fails is only logged.
  const mailAfterCommit: MiddlewareHandler<AuthEnv> = async (c, next) => {
    await next();
    const mails = pendingMails.get(c.req.raw);
    if (mails && c.res.status < 300) void sendMails(mails);
  };
  const sendMails = async (mails: PendingMail[]) => {
    for (const pending of mails) {
      try {
        const person = await findUserById(deps.db, pending.userId);
        // Only to an address its owner proved: Basha does not write to strangers; a phone account gets none.
        if (person?.isVerified && person.email) {
          await deps.mailer.send(pending.write(person.email, accountLanguage(person.language)));
        }
      } catch (error) {
        logger.error(`Could not mail a request's news to ${pending.userId}`, error);
      }
    }
  };

  routes.post(
    '/',
    verified,
    mailAfterCommit,
    idempotent<AuthEnv, '/'>(
      deps,
      (c) => c.get('session').userId,
      async (c, db) => {
        const input = await readJsonBody(c, newRequestSchema);
        const session = c.get('session');
        const row = await createRequest(db, session.userId, input, deps.clock.now());
        await tellBothSides(db, row);
        await pushToOtherSide(deps.jobs, db, row, session.userId);
        const [customer, owner] = await Promise.all([findUserById(db, row.customerId), findUserById(db, row.ownerId)]);
        pendingMails.set(c.req.raw, [
          { userId: row.ownerId, write: (to, locale) => newRequestMail(to, inMail(row), link, locale) },
        ]);
        const record = toRecord(row, peopleOf(customer, owner), 'customer');
        return ok(c, m.server_requests_sent(), record, 201);
      },
    ),
  );

  routes.get('/', async (c) => {
    const as = c.req.query('as');
    if (as !== 'customer' && as !== 'owner') throw new HttpError(400, m.server_requests_as_invalid());
    const list = await requestsOf(deps.db, c.get('session').userId, as, deps.clock.now());
    return ok(c, m.server_requests_found(), list);
  });

  // The header's badge asks this on each page it settles on: one count, no list.
  routes.get('/waiting-count', async (c) => {
    const count = await waitingCountOf(deps.db, c.get('session').userId, deps.clock.now());
    return ok(c, m.server_requests_waiting(), { count });
  });

  routes.patch(
    '/:id',
    mailAfterCommit,
    idempotent<AuthEnv, '/:id'>(
      deps,
      (c) => c.get('session').userId,
      async (c, db) => {
        const change = await readJsonBody(c, requestActionSchema);
        try {
          const moved = await moveRequest(db, c.req.param('id'), c.get('session').userId, change, deps.clock.now());
          await tellBothSides(db, moved.row);
          await pushToOtherSide(deps.jobs, db, moved.row, c.get('session').userId);
          pendingMails.set(c.req.raw, [answerMail(moved.row, moved.role, link)]);
          return ok<RequestRecord>(c, m.server_requests_updated(), moved.record);
        } catch (error) {
          if (error instanceof RequestMoveRefused) return refusedAnswer(c, error);
          throw error;
        }
      },
    ),
  );

  return routes;
}

/** 409 with the request's current status, so the app can show it without another read. */
function refusedAnswer(c: Context, error: RequestMoveRefused) {
  const body = { ...failure(error.message), data: { status: error.currentStatus } };
  return jsonAnswer(c, JSON.stringify(body), 409);
}

/** The other side hears of an answer: the customer of the owner's, the owner of the customer's. */
function answerMail(row: RequestRow, by: RequestRole, link: string): PendingMail {
  const userId = by === 'owner' ? row.customerId : row.ownerId;
  return {
    userId,
    write: (to, locale) => requestAnswerMail(to, inMail(row), row.status as RequestStatus, link, locale),
  };
}

function peopleOf(
  customer: { name: string; phoneNumber: string } | undefined,
  owner: { name: string; phoneNumber: string } | undefined,
) {
  return {
    customerName: customer?.name ?? '',
    customerPhone: customer?.phoneNumber ?? '',
    ownerName: owner?.name ?? '',
    ownerPhone: owner?.phoneNumber ?? '',
  };
}

function inMail(row: RequestRow): RequestInMail {
  return { kind: row.kind as RequestKind, date: row.date, timeOfDay: row.timeOfDay as TimeOfDay };
}
