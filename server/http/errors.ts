import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '../../src/domain/email-verification';
import { m } from '../../src/i18n/generated/messages.js';

export interface HttpErrorDetails {
  /** Field path -> messages, for validation-like failures. */
  errors?: Record<string, string[]>;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  /** What the client can do about it, beside the message. */
  code?: ApiErrorCode;
  cause?: unknown;
}

/** An error a handler throws on purpose: the app turns it into a JSON answer with this status. */
export class HttpError extends Error {
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly code: ApiErrorCode | undefined;

  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    details: HttpErrorDetails = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'HttpError';
    this.errors = details.errors;
    this.headers = details.headers;
    this.code = details.code;
  }
}

export const SIGN_IN_REQUIRED_MESSAGE = (): string => m.server_sign_in_required();
export const UNEXPECTED_ERROR_MESSAGE = (): string => m.server_unexpected_error();
export const NOT_FOUND_MESSAGE = (): string => m.server_not_found();

export const unauthorized = () => new HttpError(401, SIGN_IN_REQUIRED_MESSAGE());
export const forbidden = (message: string) => new HttpError(403, message);
