import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../deps';
import { failure } from './envelope';
import { HttpError, UNEXPECTED_ERROR_MESSAGE } from './errors';

/** The JSON answer for an error a handler threw: the app's and idempotent()'s. */
export function errorResponse(error: Error, c: Context, logger: Logger) {
  if (error instanceof HttpError) {
    if (error.status >= 500) logger.error(`${c.req.method} ${c.req.path}: ${error.message}`, error.cause ?? error);
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(failure(error.message, error.errors, error.code), error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json(failure(error.message || 'Bad request'), error.status as ContentfulStatusCode);
  }
  logger.error(`${c.req.method} ${c.req.path} failed`, error);
  return c.json(failure(UNEXPECTED_ERROR_MESSAGE()), 500);
}
