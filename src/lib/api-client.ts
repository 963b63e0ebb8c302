import ky, { HTTPError, TimeoutError } from 'ky';
import { API_BASE_PATH, DEFAULT_REQUEST_TIMEOUT_MS } from '@/domain/constants';
import { sessionEndReasonOf } from '@/domain/session-end';
import type { ApiEnvelope } from '@/domain/user';
import { getLocale } from '@/i18n/generated/runtime.js';
import { m } from '@/i18n/generated/messages.js';
import { readSessionToken } from './session-cookies';
import { reportSessionRefused } from './session-refused';

/**
 * The one HTTP client of the app: base URL, credentials, time-out and the session token in one place.
 * A call that must carry another token (a Firebase ID token before a session exists) sets its own
 * Authorization header, which the hook leaves alone. Every 401 is reported with the token it was sent with
 * (./session-refused.ts): one sent with the phone's session says that session is over.
 */
export const api = ky.create({
  prefixUrl: API_BASE_PATH,
  credentials: 'include',
  timeout: DEFAULT_REQUEST_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        // The server answers (its refusals included) in the page's language, not the phone's default.
        request.headers.set('Accept-Language', getLocale());
        if (request.headers.has('Authorization')) return;
        const token = readSessionToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        // Said of the phone's session, its session has ended on the server: it ends on the phone too, and the
        // sign-in page says why when the server did (a password change elsewhere).
        if (response.status !== 401) return;
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => undefined);
        reportSessionRefused(bearerTokenOf(request), sessionEndReasonOf(body));
      },
    ],
  },
});

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

function bearerTokenOf(request: Request): string | undefined {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/** The user-facing message of a failed call: the server's message when it sent one, else the fallback. */
export async function apiErrorMessage(error: unknown, fallback: string): Promise<string> {
  if (error instanceof HTTPError) {
    try {
      const body = (await error.response.clone().json()) as Partial<ApiEnvelope<unknown>>;
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // Not JSON (a proxy's error page, say): fall through to the fallback.
    }
    return fallback;
  }
  if (error instanceof TimeoutError) return m.common_timeout_api();
  if (error instanceof TypeError && !navigator.onLine) return m.common_offline_api();
  if (error instanceof Error && error.message && !(error instanceof TypeError)) return error.message;
  return fallback;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
