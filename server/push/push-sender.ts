import webpush, { type RequestOptions, type Urgency } from 'web-push';
import { MAX_PUSH_PAYLOAD_BYTES, type PushMessage } from '../../src/domain/push-message';
import type { AppConfig } from '../config/env';
import { checkPushEndpoint } from './push-endpoint-policy';

/**
 * Sends one push message to one browser (issue 43): the payload encrypted for that subscription (RFC 8291,
 * `aes128gcm`) and signed for the push service with the server's VAPID key (RFC 8292), both by `web-push`. The
 * request itself goes out here, not through web-push's sendNotification: that one always speaks HTTPS, and the
 * local push services of the tests and the demo stack listen on plain HTTP on loopback. Sending it ourselves also
 * means the URL that goes on the wire is the one the endpoint policy parsed, with no redirect followed, within
 * PUSH_SEND_TIMEOUT_MS.
 *
 * What the caller does with the outcome: `gone` (404 or 410, the browser unsubscribed or the subscription expired)
 * removes the subscription (removeSubscription in ./push-subscription-store.ts); a retryable failure (429, 5xx, no
 * answer in time, a network error) is tried again later; any other failure will not go better next time.
 */

export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a browser that is offline, unless the caller says otherwise. */
export const DEFAULT_PUSH_TTL_SECONDS = 24 * 60 * 60;

export type PushUrgency = Urgency;

/** A stored subscription: where to send and the browser's keys (base64url). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSendOptions {
  /** Seconds the push service may hold the message for an offline browser (0: deliver now or never). */
  ttlSeconds?: number;
  urgency?: PushUrgency;
  /** Replaces a message with the same topic still waiting at the push service (base64url, at most 32 characters). */
  topic?: string;
}

export type PushSendResult =
  | { outcome: 'sent' }
  | { outcome: 'gone' }
  /** `reason` is for the log: never a person's data, only what went wrong. */
  | { outcome: 'failed'; retryable: boolean; status?: number; reason?: string };

export interface PushSender {
  send(target: PushTarget, message: PushMessage, options?: PushSendOptions): Promise<PushSendResult>;
}

export function createWebPushSender(
  push: AppConfig['push'],
  { timeoutMs = PUSH_SEND_TIMEOUT_MS }: { timeoutMs?: number } = {},
): PushSender {
  return {
    async send(target, message, options = {}) {
      const verdict = checkPushEndpoint(target.endpoint, { loopbackEndpoints: push.loopbackEndpoints });
      if (!verdict.allowed)
        return { outcome: 'failed', retryable: false, reason: `endpoint refused: ${verdict.reason}` };
      const payload = Buffer.from(JSON.stringify(message), 'utf8');
      if (payload.byteLength > MAX_PUSH_PAYLOAD_BYTES) {
        return { outcome: 'failed', retryable: false, reason: `payload of ${payload.byteLength} bytes is too large` };
      }

      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        const requestOptions: RequestOptions = {
          vapidDetails: push.vapid,
          contentEncoding: 'aes128gcm',
          TTL: options.ttlSeconds ?? DEFAULT_PUSH_TTL_SECONDS,
          ...(options.urgency ? { urgency: options.urgency } : {}),
          ...(options.topic ? { topic: options.topic } : {}),
        };
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          requestOptions,
        );
      } catch (error) {
        // Keys that are no P-256 point, a topic that is no base64url: nothing a retry would change.
        return { outcome: 'failed', retryable: false, reason: `not sendable: ${errorText(error)}` };
      }

      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        // fetch counts the body itself.
        if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
      }
      let response: Response;
      try {
        response = await fetch(verdict.url, {
          method: 'POST',
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { outcome: 'failed', retryable: true, reason: `no answer: ${errorText(error)}` };
      }
      // Nothing in a push service's answer is needed: let the connection go.
      await response.body?.cancel().catch(() => undefined);
      return outcomeOf(response.status);
    },
  };
}

/** A push service's answer (RFC 8030 section 5 and the services' own documentation) as an outcome. */
export function outcomeOf(status: number): PushSendResult {
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  if (status === 404 || status === 410) return { outcome: 'gone' };
  const retryable = status === 429 || status >= 500;
  return { outcome: 'failed', retryable, status, reason: `the push service answered ${status}` };
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.name}: ${error.message}${cause}`;
  }
  return String(error);
}
