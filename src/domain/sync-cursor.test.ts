import { describe, expect, it } from 'vitest';
import {
  decodeSyncCursor,
  encodeSyncCursor,
  SYNC_CURSOR_MAX_FUTURE_MS,
  SYNC_FROM_START,
  SYNC_OVERLAP_MS,
  syncWindowFor,
} from './sync-cursor';

const now = new Date('2026-03-01T10:00:00.000Z');

describe('sync cursors', () => {
  it('decodes what it encodes', () => {
    const at = new Date('2026-02-28T09:30:15.123Z');
    expect(decodeSyncCursor(encodeSyncCursor(at), now)).toBe(at.getTime());
  });

  it('reads "0" as the beginning', () => {
    expect(decodeSyncCursor(SYNC_FROM_START, now)).toBe(0);
  });

  it.each(['', ' ', 'abc', 'NaN', '-1', '1.5', '1e12', '0x10', '007', ' 12', '12 ', '+12', '99999999999999999'])(
    'refuses the malformed cursor %j',
    (cursor) => {
      expect(decodeSyncCursor(cursor, now)).toBeUndefined();
    },
  );

  it('accepts a cursor up to a day ahead of the clock and refuses one beyond', () => {
    const limit = now.getTime() + SYNC_CURSOR_MAX_FUTURE_MS;
    expect(decodeSyncCursor(String(limit), now)).toBe(limit);
    expect(decodeSyncCursor(String(limit + 1), now)).toBeUndefined();
  });
});

describe('syncWindowFor', () => {
  it('answers the clock time as the next cursor', () => {
    expect(syncWindowFor('0', now)?.cursor).toBe(String(now.getTime()));
  });

  it('covers everything from the beginning', () => {
    expect(syncWindowFor('0', now)?.changedAfter).toBeNull();
  });

  it('reaches back the overlap before the cursor', () => {
    const cursor = encodeSyncCursor(new Date(now.getTime() - 5 * 60 * 1000));
    expect(syncWindowFor(cursor, now)?.changedAfter?.getTime()).toBe(Number(cursor) - SYNC_OVERLAP_MS);
  });

  it('has no window for an invalid cursor', () => {
    expect(syncWindowFor('yesterday', now)).toBeUndefined();
  });
});
