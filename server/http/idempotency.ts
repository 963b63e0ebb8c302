import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Context, Env, Handler } from 'hono';
import type { BlankInput } from 'hono/types';
import { HTTPException } from 'hono/http-exception';
import type { Database } from '../db/client';
import { idempotencyKeys, type IdempotencyKeyRow } from '../db/schema';
import { consoleLogger, type AppDeps } from '../deps';
import { errorResponse } from './error-response';
import { HttpError } from './errors';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Exactly-once posting (DESIGN.md, offline data flow). A client sends `Idempotency-Key: <uuid>` and keeps it
 * across retries. The first request with a key claims it and runs; its answer is stored in the same
 * database transaction as the handler's own writes, so either both happen or neither does. A repeat gets the
 * stored answer; the same key with a different request gets 422; a repeat while the first still runs gets
 * 409. An attempt that died with its server (claimed, never finished) is taken over after a minute: its
 * transaction rolled back, so running it again cannot duplicate anything. Keys are kept at least 24 hours.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const ABANDONED_ATTEMPT_MS = 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export const KEY_FORMAT_MESSAGE = (): string => m.server_key_format();
export const KEY_REUSED_MESSAGE = (): string => m.server_key_reused();
export const KEY_IN_FLIGHT_MESSAGE = (): string => m.server_key_in_flight();

/** Answers worth replaying: success, and refusals that the same request would get again. */
function isFinalAnswer(status: number): boolean {
  return (status >= 200 && status < 300) || [400, 404, 410, 413, 415, 422].includes(status);
}

/**
 * A handler behind `idempotent()`. Its database is the one it is handed, the request's transaction when the
 * request has a key: on PGlite a query on the app's `deps.db` while that transaction is open would wait for it
 * forever (lint refuses `deps.db` inside `idempotent()`). Middleware that must commit on its own, such as rate
 * limits, goes before `idempotent()`.
 */
export type IdempotentHandler<E extends Env, P extends string> = (c: Context<E, P>, db: Database) => Promise<Response>;

/** Carries an answer that is not kept (a failure worth retrying) out of the transaction, rolling it back. */
class RollBack extends Error {
  constructor(readonly answer: Response) {
    super('Rolled back');
  }
}

/**
 * Makes a JSON POST endpoint idempotent: the handler runs, with its database, inside the transaction that stores
 * its answer. `scopeOf` names whose keys these are (the signed-in user's id, or `public`), so one person cannot
 * replay another's answers.
 */
export function idempotent<E extends Env, P extends string>(
  deps: AppDeps,
  scopeOf: (c: Context<E, P>) => string,
  handler: IdempotentHandler<E, P>,
): Handler<E, P, BlankInput, Promise<Response>> {
  const logger = deps.logger ?? consoleLogger;
  return async (c) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return handler(c, deps.db);
    if (!KEY_PATTERN.test(key)) throw new HttpError(400, KEY_FORMAT_MESSAGE());

    // HonoRequest keeps the text, so the handler can still read the body afterwards.
    const body = await c.req.text();
    const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');
    const scope = scopeOf(c);
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

    const earlier = await claim(deps, scope, key, requestHash);
    if (earlier) {
      if (earlier.requestHash !== requestHash) throw new HttpError(422, KEY_REUSED_MESSAGE());
      if (earlier.state === 'done') return replay(earlier);
      const abandoned = deps.clock.now().getTime() - earlier.startedAt.getTime() >= ABANDONED_ATTEMPT_MS;
      const retaken =
        abandoned &&
        (await deps.db
          .update(idempotencyKeys)
          .set({ startedAt: deps.clock.now() })
          .where(and(where, eq(idempotencyKeys.state, 'in_flight'), eq(idempotencyKeys.startedAt, earlier.startedAt)))
          .returning({ key: idempotencyKeys.key }));
      if (!retaken || retaken.length === 0) {
        throw new HttpError(409, KEY_IN_FLIGHT_MESSAGE(), { headers: { 'Retry-After': '2' } });
      }
    }

    try {
      return await deps.db.transaction(async (transaction) => {
        const answer = await answerOf(c, logger, () => handler(c, transaction));
        if (!isFinalAnswer(answer.status)) throw new RollBack(answer);
        await transaction
          .update(idempotencyKeys)
          .set({ state: 'done', responseStatus: answer.status, responseBody: await answer.clone().text() })
          .where(where);
        return answer;
      });
    } catch (error) {
      // Nothing was written: free the key so that the client's retry runs again.
      await deps.db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.state, 'in_flight')));
      if (error instanceof RollBack) return error.answer;
      throw error;
    }
  };
}

/**
 * The handler's answer, a refusal it threw included: a refusal the same request would get again is kept like
 * any answer (with whatever the handler wrote before it). Anything else rolls the transaction back and goes on
 * to the app's error handler.
 */
async function answerOf<E extends Env, P extends string>(
  c: Context<E, P>,
  logger: NonNullable<AppDeps['logger']>,
  run: () => Promise<Response>,
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError || error instanceof HTTPException) return errorResponse(error, c, logger);
    throw error;
  }
}

/** Claims the key; answers the existing row when someone already has (an expired one is cleared first). */
async function claim(
  deps: AppDeps,
  scope: string,
  key: string,
  requestHash: string,
): Promise<IdempotencyKeyRow | undefined> {
  const now = deps.clock.now();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const inserted = await deps.db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, state: 'in_flight', createdAt: now, startedAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return undefined;
    const [existing] = await deps.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!existing) continue; // removed in between: claim again
    if (now.getTime() - existing.createdAt.getTime() < IDEMPOTENCY_KEY_TTL_MS) return existing;
    await deps.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)),
        ),
      );
  }
  throw new HttpError(409, KEY_IN_FLIGHT_MESSAGE(), { headers: { 'Retry-After': '2' } });
}

function replay(row: IdempotencyKeyRow): Response {
  return new Response(row.responseBody, {
    status: row.responseStatus ?? 200,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Idempotent-Replayed': 'true' },
  });
}
