import { describe, expect, it } from 'vitest';
import {
  afterFailedAttempt,
  backoffDelayMs,
  classifyFailure,
  nextDueItem,
  nextWakeAt,
  OUTBOX_BACKOFF_BASE_MS,
  OUTBOX_BACKOFF_MAX_MS,
  parseRetryAfter,
  queuedMessage,
  retriedNow,
  retryReason,
  type OutboxItemState,
} from './outbox';

const waiting: OutboxItemState = { status: 'waiting', attempts: 0, nextAttemptAt: 0 };

describe('classifying a failed attempt', () => {
  it.each([
    [0, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [401, 'needs-sign-in'],
    [400, 'refused'],
    [403, 'refused'],
    [404, 'refused'],
    [413, 'refused'],
    [422, 'refused'],
  ])('answers status %i with %s', (status, type) => {
    expect(classifyFailure({ status, message: 'why' }).type).toBe(type);
  });

  it('retries a 409 that asks to wait (the same key still being processed) but not a plain conflict', () => {
    expect(classifyFailure({ status: 409, retryAfter: '2' })).toMatchObject({ type: 'retry', retryAfterMs: 2000 });
    expect(classifyFailure({ status: 409, message: 'You can only have two services.' })).toEqual({
      type: 'refused',
      message: 'You can only have two services.',
    });
  });

  it('refuses a 429 that asks to wait longer than the backoff ever would, so it does not hold up the queue', () => {
    const capped = { status: 429, message: 'You can post up to 20 rent ads in 24 hours.' };
    expect(classifyFailure({ ...capped, retryAfter: String(20 * 60 * 60) })).toEqual({
      type: 'refused',
      message: capped.message,
    });
    expect(classifyFailure({ ...capped, retryAfter: String(OUTBOX_BACKOFF_MAX_MS / 1000) }).type).toBe('retry');
    expect(classifyFailure({ status: 429 }).type).toBe('retry');
  });

  it("keeps the server's message for a refusal, with a fallback when there is none", () => {
    expect(classifyFailure({ status: 400, message: 'Rent amount must be positive' })).toEqual({
      type: 'refused',
      message: 'Rent amount must be positive',
    });
    expect(classifyFailure({ status: 400 })).toMatchObject({ type: 'refused', message: expect.any(String) });
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and ignores nonsense', () => {
    expect(parseRetryAfter('30')).toBe(30_000);
    expect(parseRetryAfter(new Date(10_000 + 5_000).toUTCString(), 10_000)).toBe(5_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('doubles from the base up to the cap, never below half of each step', () => {
    const low = () => 0;
    const high = () => 1;
    expect(backoffDelayMs(1, low)).toBe(OUTBOX_BACKOFF_BASE_MS / 2);
    expect(backoffDelayMs(1, high)).toBe(OUTBOX_BACKOFF_BASE_MS);
    expect(backoffDelayMs(2, high)).toBe(OUTBOX_BACKOFF_BASE_MS * 2);
    expect(backoffDelayMs(4, high)).toBe(OUTBOX_BACKOFF_BASE_MS * 8);
    expect(backoffDelayMs(30, high)).toBe(OUTBOX_BACKOFF_MAX_MS);
    expect(backoffDelayMs(30, low)).toBe(OUTBOX_BACKOFF_MAX_MS / 2);
  });

  it('spreads phones apart: different random draws give different waits', () => {
    const waits = new Set([0.1, 0.4, 0.7, 0.9].map((draw) => backoffDelayMs(3, () => draw)));
    expect(waits.size).toBe(4);
  });
});

describe('the item after a failed attempt', () => {
  it('waits out a growing backoff on network errors and keeps the reason', () => {
    const first = afterFailedAttempt(waiting, { type: 'retry', reason: 'No connection' }, 1_000, () => 1);
    expect(first).toEqual({ status: 'waiting', attempts: 1, nextAttemptAt: 1_000 + 2_000, lastError: 'No connection' });
    const second = afterFailedAttempt(first, { type: 'retry', reason: 'No connection' }, 5_000, () => 1);
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt).toBe(5_000 + 4_000);
  });

  it("honours a server's longer Retry-After", () => {
    const next = afterFailedAttempt(waiting, { type: 'retry', retryAfterMs: 60_000, reason: 'busy' }, 0, () => 0);
    expect(next.nextAttemptAt).toBe(60_000);
  });

  it('stops on a refusal with the message to show, and waits untouched for sign-in', () => {
    expect(afterFailedAttempt(waiting, { type: 'refused', message: 'Too long' }, 7, () => 0)).toEqual({
      status: 'failed',
      attempts: 1,
      nextAttemptAt: 7,
      lastError: 'Too long',
    });
    const signIn = afterFailedAttempt({ ...waiting, attempts: 3 }, { type: 'needs-sign-in' }, 7);
    expect(signIn).toMatchObject({ status: 'waiting', attempts: 3, nextAttemptAt: 7 + OUTBOX_BACKOFF_MAX_MS });
  });

  it('a retried failed item is due at once', () => {
    const failed: OutboxItemState = { status: 'failed', attempts: 2, nextAttemptAt: 0, lastError: 'x' };
    expect(retriedNow(failed, 99)).toMatchObject({ status: 'waiting', nextAttemptAt: 99 });
  });
});

describe('choosing what to send', () => {
  const item = (id: number, state: Partial<OutboxItemState>) => ({ id, ...waiting, ...state });

  it('sends in the order items were queued, stepping over failed ones', () => {
    const items = [item(3, {}), item(1, { status: 'failed' }), item(2, {})];
    expect(nextDueItem(items, 0)?.id).toBe(2);
  });

  it('holds everything behind a first item that waits out its backoff', () => {
    const items = [item(1, { nextAttemptAt: 500 }), item(2, {})];
    expect(nextDueItem(items, 100)).toBeUndefined();
    expect(nextDueItem(items, 500)?.id).toBe(1);
    expect(nextWakeAt(items)).toBe(500);
    expect(nextWakeAt([item(1, { nextAttemptAt: 500 }), item(2, { status: 'failed' })])).toBe(500);
    expect(nextWakeAt([item(2, { status: 'failed' })])).toBeUndefined();
  });
});

describe('telling the person why a post waits', () => {
  const reasonOf = (failure: Parameters<typeof classifyFailure>[0]) => {
    const outcome = classifyFailure(failure);
    if (outcome.type !== 'retry') throw new Error(`expected a retry, got ${outcome.type}`);
    return retryReason(outcome);
  };

  it('tells a lost connection, a slow one and a server fault apart', () => {
    expect(reasonOf({ status: 0 })).toBe('offline');
    expect(reasonOf({ status: 0, slow: true })).toBe('slow');
    expect(reasonOf({ status: 500 })).toBe('server');
    expect(reasonOf({ status: 503, message: 'Down for a moment' })).toBe('server');
    expect(reasonOf({ status: 429 })).toBe('server');
    expect(reasonOf({ status: 409, retryAfter: '2' })).toBe('server');
  });

  it('says a server fault will be retried, not that the phone is offline', () => {
    const words = queuedMessage('rent-ad', reasonOf({ status: 502 }));
    expect(words).toBe('The server had a problem; your rent ad is saved on this phone and Basha will retry.');
    expect(words).not.toMatch(/offline/i);
    expect(queuedMessage('review', 'offline')).toMatch(/^You are offline/);
  });
});
