import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ApiEnvelope } from '../../src/domain/user';
import { jsonAnswer } from './envelope';

/**
 * Validators for the answers a phone asks for again and again (details and whole lists): with the ETag it was
 * given, a client asks `If-None-Match` and gets 304 without a body when nothing changed. These answers hold data
 * only signed-in people may see (a poster's phone number, a provider's contacts), so they are `private` (a
 * browser may keep them, no shared cache may) and `no-cache` (revalidated every time, and a revalidation passes
 * the session check like any request: a bad token gets 401, never 304), varying by Authorization. A visitor's
 * answers (no token: server/listings/visitor-view.ts) are other bytes with other ETags, so a copy made for a
 * signed-in person is never confirmed to a visitor with a 304.
 * ETags are weak: compression changes the bytes, not the meaning.
 */

export const REVALIDATE_PRIVATE = 'private, no-cache';

const VALIDATED_HEADERS = { 'Cache-Control': REVALIDATE_PRIVATE, Vary: 'Authorization' } as const;

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 13.1.2), or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** 304 when the client holds the answer `etag` names; otherwise undefined (answer it, with `validated`). */
export function notModified(c: Context, etag: string | undefined): Response | undefined {
  if (!etag || !etagMatches(c.req.header('If-None-Match'), etag)) return undefined;
  return c.body(null, 304, { ...VALIDATED_HEADERS, ETag: etag });
}

/** The headers of an answer with a validator. */
export function validated(etag: string | undefined): Record<string, string> {
  return etag ? { ...VALIDATED_HEADERS, ETag: etag } : { ...VALIDATED_HEADERS };
}

/** An answer's JSON and a weak ETag of it, made once and kept (server/db/change-marks.ts MarkedCache). */
export interface ValidatedBody {
  body: string;
  etag: string;
}

export function validatedBody<T>(message: string, data: T): ValidatedBody {
  const envelope: ApiEnvelope<T> = { success: true, message, data };
  const body = JSON.stringify(envelope);
  return { body, etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/** 200 with the body and its ETag, or 304 when the client's copy is the same. */
export function answerValidated(c: Context, { body, etag }: ValidatedBody): Response {
  return notModified(c, etag) ?? jsonAnswer(c, body, 200, validated(etag));
}

/** `{success, message, data}` with a weak ETag of its bytes: 304 when the client's copy is the same. */
export function okValidated<T>(c: Context, message: string, data: T): Response {
  return answerValidated(c, validatedBody(message, data));
}
