import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import { forbidden, unauthorized } from '../http/errors';
import { assertAccountActive } from './account-status';
import type { VerifiedIdentity } from './identity';
import { findActiveSession, isSessionTokenShape, type ActiveSession } from './sessions';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * The two kinds of bearer token (DESIGN.md, security model): a Firebase ID token before a Basha session exists
 * (create-new, find-id, sign-in-token, the registration photo), and a Basha session token for everything else.
 * The acting user is whatever the token proves, never a path parameter or a body field.
 */

export type AuthEnv = {
  Variables: {
    firebaseIdentity: VerifiedIdentity;
    session: ActiveSession;
  };
};

// Firebase ID tokens are about 1 kB; anything far larger is not a token worth verifying.
const MAX_TOKEN_LENGTH = 8192;

export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const match = header ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim()) : null;
  const token = match?.[1];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

async function verifyFirebase(deps: AppDeps, token: string | undefined): Promise<VerifiedIdentity> {
  if (!token || isSessionTokenShape(token)) throw unauthorized();
  const identity = await deps.identity.verifyIdToken(token);
  if (!identity) throw unauthorized();
  return identity;
}

/** The live session `token` names, or a 401 (or the account's own refusal, such as a disabled account). */
export async function verifySession(deps: AppDeps, token: string | undefined): Promise<ActiveSession> {
  if (!token || !isSessionTokenShape(token)) throw unauthorized();
  const session = await findActiveSession(deps.db, deps.config.sessionSecret, token, deps.clock.now());
  if (!session) throw unauthorized();
  await assertAccountActive(deps, session);
  return session;
}

/** Needs a valid Firebase ID token; sets `firebaseIdentity`. */
export function requireFirebaseToken(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    c.set('firebaseIdentity', await verifyFirebase(deps, bearerToken(c)));
    await next();
  };
}

/** Needs a live Basha session token; sets `session`. */
export function requireSession(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    c.set('session', await verifySession(deps, bearerToken(c)));
    await next();
  };
}

/**
 * For the reads open to visitors (issue 40): a request with no Authorization header at all is a visitor's, and
 * leaves `session` unset; any other is checked as requireSession checks it, so a wrong, expired or revoked token
 * is still 401 (its owner signs in again) and never quietly read as a visitor's.
 */
export function optionalSession(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (c.req.header('authorization') !== undefined) c.set('session', await verifySession(deps, bearerToken(c)));
    await next();
  };
}

/**
 * For a router most of whose routes need a session but some reads are open to visitors: `visitorRead` names those
 * (by the request's path), which get optionalSession; every other request, another method on the same path too,
 * needs a session.
 */
export function sessionUnlessVisitorRead(
  deps: AppDeps,
  visitorRead: (path: string) => boolean,
): MiddlewareHandler<AuthEnv> {
  const anyone = optionalSession(deps);
  const signedIn = requireSession(deps);
  return (c, next) => {
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    return (read && visitorRead(c.req.path) ? anyone : signedIn)(c, next);
  };
}

/** The caller's session where the route is open to visitors (optionalSession); undefined for a visitor. */
export function sessionIfAny(c: Context<AuthEnv>): ActiveSession | undefined {
  return c.get('session') as ActiveSession | undefined;
}

/** Either kind of token: used where a caller may or may not have a Basha session yet (registration photo). */
export function requireAnyToken(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (token && isSessionTokenShape(token)) c.set('session', await verifySession(deps, token));
    else c.set('firebaseIdentity', await verifyFirebase(deps, token));
    await next();
  };
}

/** The session's user must be the one named in the path; otherwise 403. */
export function assertSessionOwns(session: ActiveSession, userId: string): void {
  if (session.userId !== userId.toLowerCase()) throw forbidden(m.server_not_your_account());
}
