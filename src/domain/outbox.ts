/**
 * The outbox's rules, as pure functions (DESIGN.md, offline data flow). Every post a person makes (a rent ad
 * with its photos, a service offer with its cover, a review, a landing-page message) is first saved on the
 * device as an outbox item, then sent. This module decides what one attempt's outcome means for the item:
 * sent (it leaves the outbox), try again later (network errors, 5xx, "busy" answers) with exponential backoff
 * and jitter, wait for sign-in (401), or stop and show the person the server's reason (any other 4xx).
 * The storage (Dexie) and the sending live in `src/lib/outbox/`.
 */

import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';

// 'service-edit' and 'profile-edit' are changes to an existing record: a newer one of the same record replaces a
// waiting one (src/lib/outbox/replace-waiting.ts), since each carries every editable field. So does 'saved' (a heart
// toggled on a listing): only the last state chosen for an item matters.
export const OUTBOX_KINDS = [
  'rent-ad',
  'service-offer',
  'review',
  'landing-feedback',
  'service-edit',
  'profile-edit',
  // Issue 21: an edit of a rent ad (replaces a waiting one of the same ad), and its Booked/Active status.
  'rent-edit',
  'rent-status',
  'saved',
  // Issue 41: a new request for a job or a visit, and one move on a request (accept, decline, cancel, done). Two moves
  // on one request are both kept, in order: each is a real step, and the server refuses (409) one that no longer fits.
  'request',
  'request-action',
  // Issue 42: a message in a conversation. Its payload's shape comes with its feature's own chunk (./outbox-payloads.ts).
  'message',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * `waiting`: to be sent (now, or at `nextAttemptAt`); `sending`: an attempt runs; `failed`: refused, needs the
 * person; `held`: the person took it back to edit it, so it is not sent until they publish the edit (which
 * replaces it) or choose to send it as it is.
 */
export type OutboxStatus = 'waiting' | 'sending' | 'failed' | 'held';

/**
 * The state a post is shown in: offline, one whose attempt is still under way waits like the rest (nothing can
 * reach the server until the connection returns), and is never shown as being sent.
 */
export function shownOutboxStatus(status: OutboxStatus, online: boolean): OutboxStatus {
  return status === 'sending' && !online ? 'waiting' : status;
}

export const OUTBOX_BACKOFF_BASE_MS = 2_000;
export const OUTBOX_BACKOFF_MAX_MS = 5 * 60_000;

/** What one attempt to send an item came to. */
export type AttemptOutcome =
  | { type: 'sent' }
  /** Worth trying again unchanged: no connection, a server fault, or the server asked to wait. */
  | { type: 'retry'; retryAfterMs?: number | undefined; reason: string }
  /** The session is missing or expired: nothing is sent until the person signs in again. */
  | { type: 'needs-sign-in' }
  /** The server refused this item as it is: the person must edit or discard it. */
  | { type: 'refused'; message: string };

/** What the transport saw: `status` 0 when no answer arrived at all. */
export interface AttemptFailure {
  status: number;
  message?: string | undefined;
  /** The `Retry-After` header, when the answer had one. */
  retryAfter?: string | null | undefined;
  /** With status 0: our own time limit cut an upload that was still moving on a phone that is online. */
  slow?: boolean | undefined;
}

// These reasons are kept with an item (its `lastError`) and compared (`retryReason`) as they are, in English; the
// person reads them through `outboxErrorText`, in the language of the page.
export const OFFLINE_REASON = 'No connection';
/** A slow link is not "offline": the photos already sent stay sent, and sending goes on. */
export const SLOW_CONNECTION_REASON = 'Slow connection';
export const SIGN_IN_REASON = 'Sign in to send';
export const GENERIC_REFUSAL = 'The server could not accept this post.';

/**
 * Network errors, 5xx, 408 and 429 are retried; so is a 409 that carries `Retry-After` (the same
 * Idempotency-Key is still being processed). Any other 4xx is final for this item as it is. So is a 429 that asks
 * to wait longer than the backoff ever would (a daily posting cap): items go out in order, and one ad over the cap
 * must not hold every post behind it for hours; the person sees the server's words and decides.
 */
export function classifyFailure(failure: AttemptFailure): AttemptOutcome {
  const { status } = failure;
  const retryAfterMs = parseRetryAfter(failure.retryAfter);
  if (status === 0) return { type: 'retry', reason: failure.slow ? SLOW_CONNECTION_REASON : OFFLINE_REASON };
  if (status === 401) return { type: 'needs-sign-in' };
  if (status === 429 && retryAfterMs !== undefined && retryAfterMs > OUTBOX_BACKOFF_MAX_MS) {
    return { type: 'refused', message: failure.message || GENERIC_REFUSAL };
  }
  if (status >= 500 || status === 408 || status === 429 || (status === 409 && retryAfterMs !== undefined)) {
    return { type: 'retry', retryAfterMs, reason: failure.message || `Server answered ${status}` };
  }
  if (status >= 400) return { type: 'refused', message: failure.message || GENERIC_REFUSAL };
  // A 3xx or a 2xx without the expected body: the answer was not what a post gets, so try again.
  return { type: 'retry', reason: `Unexpected answer ${status}` };
}

/** Seconds or an HTTP date, as milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before attempt `attempt + 1`, after `attempt` failed ones (1, 2, 3, ...): doubling from 2 s up to
 * 5 minutes, with "equal jitter" (half fixed, half random) so that phones that lost the same connection do
 * not all come back in the same second, and no wait is ever near zero.
 */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 20));
  const ceiling = Math.min(OUTBOX_BACKOFF_MAX_MS, OUTBOX_BACKOFF_BASE_MS * 2 ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** The parts of an item that an attempt changes. */
export interface OutboxItemState {
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms before which the item is not tried again. */
  nextAttemptAt: number;
  /** Why the last attempt did not succeed (for a failed item, the server's message shown to the person). */
  lastError?: string | undefined;
}

/**
 * The item's next state after an attempt that did not send it. (A sent item leaves the outbox.) A server's
 * Retry-After is honoured when it asks for longer than the backoff would wait.
 */
export function afterFailedAttempt(
  item: OutboxItemState,
  outcome: Exclude<AttemptOutcome, { type: 'sent' }>,
  now: number,
  random: () => number = Math.random,
): OutboxItemState {
  switch (outcome.type) {
    case 'refused':
      return { status: 'failed', attempts: item.attempts + 1, nextAttemptAt: now, lastError: outcome.message };
    case 'needs-sign-in':
      // Not the item's fault: its attempts stay as they were. It waits for a new session, which makes it due
      // again at once (the long wait only keeps a signed-out tab from asking over and over).
      return { ...item, status: 'waiting', nextAttemptAt: now + OUTBOX_BACKOFF_MAX_MS, lastError: SIGN_IN_REASON };
    case 'retry': {
      const attempts = item.attempts + 1;
      const wait = Math.max(backoffDelayMs(attempts, random), outcome.retryAfterMs ?? 0);
      return { status: 'waiting', attempts, nextAttemptAt: now + wait, lastError: outcome.reason };
    }
  }
}

/** A failed item the person chose to try again (Retry): it waits to be sent at once. */
export function retriedNow(item: OutboxItemState, now: number): OutboxItemState {
  return { status: 'waiting', attempts: item.attempts, nextAttemptAt: now, lastError: item.lastError };
}

/**
 * The next item to send: items go strictly in the order they were queued, so while the first waiting item
 * waits out its backoff, the ones behind it wait too. Failed items (refused, waiting for the person) are
 * stepped over.
 */
export function nextDueItem<T extends OutboxItemState & { id?: number | undefined }>(
  items: readonly T[],
  now: number,
): T | undefined {
  const head = [...items].sort((a, b) => (a.id ?? 0) - (b.id ?? 0)).find((item) => item.status === 'waiting');
  return head && head.nextAttemptAt <= now ? head : undefined;
}

/** When the processor should look again: when the first waiting item (in queue order) becomes due, if any. */
export function nextWakeAt(items: readonly (OutboxItemState & { id?: number | undefined })[]): number | undefined {
  return [...items].sort((a, b) => (a.id ?? 0) - (b.id ?? 0)).find((item) => item.status === 'waiting')?.nextAttemptAt;
}

/** The Background Sync tag and the message the service worker posts to make open pages send the outbox. */
export const OUTBOX_SYNC_TAG = 'basha-outbox';
export const OUTBOX_FLUSH_MESSAGE = 'BASHA_OUTBOX_FLUSH';

const POST_NAMES: Record<OutboxKind, () => string> = {
  'rent-ad': () => m.common_post_rent_ad(),
  'service-offer': () => m.common_post_service(),
  review: () => m.common_post_review(),
  'landing-feedback': () => m.common_post_message(),
  'service-edit': () => m.common_post_service_edit(),
  'profile-edit': () => m.common_post_profile_edit(),
  'rent-edit': () => m.rent_manage_post_edit(),
  'rent-status': () => m.rent_manage_post_status(),
  saved: () => m.saved_post_name(),
  request: () => m.requests_post_request(),
  'request-action': () => m.requests_post_action(),
  // The word the landing page's message already has ("message", "বার্তা"): no new words in the code every form loads.
  message: () => m.common_post_message(),
};

/** Why a post made just now is still on the device. */
export type QueuedReason = 'offline' | 'slow' | 'server' | 'sign-in' | 'behind-others';

/**
 * Why an attempt that will be retried did not go, from its outcome's reason: no connection, a slow one, or
 * anything else (a 5xx, 408, 429, a busy 409, an unexpected answer), which is the server's trouble, not the phone's.
 */
export function retryReason(outcome: { reason: string }): QueuedReason {
  if (outcome.reason === OFFLINE_REASON) return 'offline';
  if (outcome.reason === SLOW_CONNECTION_REASON) return 'slow';
  return 'server';
}

/** What the person is told when a post could not go at once and waits in the outbox. */
export function queuedMessage(kind: OutboxKind, reason: QueuedReason): string {
  const post = POST_NAMES[kind]();
  if (reason === 'slow') return m.common_queued_slow({ post });
  if (reason === 'server') return m.common_queued_server({ post });
  if (reason === 'sign-in') return m.common_queued_sign_in({ post });
  if (reason === 'behind-others') return m.common_queued_behind_others({ post });
  return m.common_queued_offline({ post });
}

/** What the outbox says of an item it cannot read: stored by an older version of the app, or damaged. */
export const UNREADABLE_OUTBOX_ITEM_MESSAGE =
  'This post was saved by an older version of Basha and cannot be sent; discard it.';

/**
 * Why an item did not go, in the language of the page: the outbox's own reasons (kept in English with the item)
 * in words; a server's message as it came (the server answers in the language of the request).
 */
export function outboxErrorText(lastError: string): string {
  if (lastError === OFFLINE_REASON) return m.common_outbox_no_connection();
  if (lastError === SLOW_CONNECTION_REASON) return m.common_outbox_slow_connection();
  if (lastError === SIGN_IN_REASON) return m.common_outbox_sign_in_to_send();
  if (lastError === GENERIC_REFUSAL) return m.common_outbox_generic_refusal();
  if (lastError === UNREADABLE_OUTBOX_ITEM_MESSAGE) return m.common_outbox_unreadable();
  const answered = /^(Server answered|Unexpected answer) (\d{3})$/.exec(lastError);
  if (answered?.[2]) {
    const status = localDigits(answered[2], getLocale());
    return answered[1] === 'Server answered'
      ? m.common_outbox_server_answered({ status })
      : m.common_outbox_unexpected_answer({ status });
  }
  return lastError;
}
