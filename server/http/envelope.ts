import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '../../src/domain/email-verification';
import type { ApiEnvelope } from '../../src/domain/user';

/** Every API answer is `{success, message, data?}`; every error `{success:false, message, errors?}`. */

export function ok<T>(c: Context, message: string, data?: T, status: ContentfulStatusCode = 200) {
  const body: ApiEnvelope<T> = data === undefined ? { success: true, message } : { success: true, message, data };
  return jsonAnswer(c, JSON.stringify(body), status);
}

/**
 * JSON with its Content-Length, so that compression.ts can pass over a small answer from its headers alone
 * (c.json leaves the length to the server, when the answer is written).
 */
export function jsonAnswer(
  c: Context,
  json: string,
  status: ContentfulStatusCode = 200,
  headers: Record<string, string> = {},
) {
  return c.body(json, status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(json)),
  });
}

export function failure(message: string, errors?: Record<string, string[]>, code?: ApiErrorCode): ApiEnvelope<never> {
  return { success: false, message, ...(errors ? { errors } : {}), ...(code ? { code } : {}) };
}
