import { describe, expect, it } from 'vitest';
import {
  decodeSyncCursor,
  encodeSyncCursor,
  SYNC_CURSOR_MAX_FUTURE_MS,
  SYNC_FROM_START,
  SYNC_OVERLAP_MS,
  SYNC_PAGE_MAX_ROWS,
  syncPageOf,
  syncReadFor,
  type SyncEntry,
  type SyncRead,
} from './sync-cursor';

const now = new Date('2026-03-01T10:00:00.000Z');
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

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

describe('syncReadFor', () => {
  it('reads every live row from the start for "0", beginning now', () => {
    expect(syncReadFor('0', now)).toEqual({ startedAt: now, after: undefined, full: true });
  });

  it('reads a delta from the overlap before the cursor, after every row stamped at that moment', () => {
    const cursor = encodeSyncCursor(new Date(now.getTime() - 5 * 60 * 1000));
    const read = syncReadFor(cursor, now);
    expect(read?.full).toBe(false);
    expect(read?.startedAt).toEqual(now);
    expect(read?.after).toEqual({
      atMicros: (Number(cursor) - SYNC_OVERLAP_MS) * 1000,
      id: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
    });
  });

  it('never reaches back before the epoch', () => {
    expect(syncReadFor('1', now)?.after?.atMicros).toBe(0);
  });

  it.each(['yesterday', 'p', 'p1', '-5'])('has nothing to read for the invalid cursor %j', (cursor) => {
    expect(syncReadFor(cursor, now)).toBeUndefined();
  });
});

/** Entries for rows 1..count, one microsecond apart; every `deletedEvery`th is a tombstone. */
function entries(count: number, deletedEvery = 0): SyncEntry<{ _id: string }>[] {
  return Array.from({ length: count }, (_, i) => ({
    position: { atMicros: now.getTime() * 1000 - 10_000_000 + i, id: id(i + 1) },
    row: deletedEvery && (i + 1) % deletedEvery === 0 ? undefined : { _id: id(i + 1) },
  }));
}

describe('sync pages', () => {
  const full: SyncRead = { startedAt: now, after: undefined, full: true };

  it('answers the moment the sync began on its last page', () => {
    const page = syncPageOf(full, entries(3, 3), false);
    expect(page).toEqual({
      changed: [{ _id: id(1) }, { _id: id(2) }],
      deleted: [id(3)],
      cursor: encodeSyncCursor(now),
      more: false,
    });
  });

  it('answers a page cursor that continues after the last row sent, in the same mode and from the same moment', () => {
    const rows = entries(SYNC_PAGE_MAX_ROWS);
    const page = syncPageOf(full, rows, true);
    expect(page.more).toBe(true);
    const last = rows.at(-1)!.position;
    expect(page.cursor).toBe(`p1.f.${now.getTime()}.${last.atMicros}.${last.id}`);

    const later = new Date(now.getTime() + 5000);
    expect(syncReadFor(page.cursor, later)).toEqual({ startedAt: now, after: last, full: true });
    const delta = syncPageOf({ ...full, full: false }, rows, true);
    expect(syncReadFor(delta.cursor, later)).toEqual({ startedAt: now, after: last, full: false });
  });

  it('never holds more than a page of rows', () => {
    expect(() => syncPageOf(full, entries(SYNC_PAGE_MAX_ROWS + 1), true)).toThrow();
  });

  it('ends the sync when a page that should have more is empty', () => {
    expect(syncPageOf(full, [], true)).toEqual({
      changed: [],
      deleted: [],
      cursor: encodeSyncCursor(now),
      more: false,
    });
  });

  const lettered = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const valid = `p1.d.${now.getTime()}.${now.getTime() * 1000}.${lettered}`;
  it.each([
    ['another version', valid.replace('p1.', 'p2.')],
    ['another mode', valid.replace('.d.', '.x.')],
    ['a leading zero', valid.replace(`.${now.getTime()}.`, `.0${now.getTime()}.`)],
    ['an upper-case id', valid.toUpperCase().replace('P1.D.', 'p1.d.')],
    ['a missing part', valid.slice(0, valid.lastIndexOf('.'))],
    ['an extra part', `${valid}.1`],
    ['a fractional time', valid.replace(`.${now.getTime() * 1000}.`, `.${now.getTime() * 1000}.5.`)],
    [
      'a start more than a day ahead',
      valid.replace(`.${now.getTime()}.`, `.${now.getTime() + SYNC_CURSOR_MAX_FUTURE_MS + 1}.`),
    ],
    [
      'a place more than a day ahead',
      valid.replace(`.${now.getTime() * 1000}.`, `.${(now.getTime() + SYNC_CURSOR_MAX_FUTURE_MS + 1) * 1000}.`),
    ],
    ['an unsafe number', valid.replace(`.${now.getTime() * 1000}.`, '.9999999999999999.')],
    ['surrounding spaces', ` ${valid} `],
  ])('refuses a page cursor with %s', (_label, cursor) => {
    expect(syncReadFor(cursor, now)).toBeUndefined();
  });

  it('reads a valid page cursor back to the place it names', () => {
    expect(syncReadFor(valid, now)).toEqual({
      startedAt: now,
      after: { atMicros: now.getTime() * 1000, id: lettered },
      full: false,
    });
  });
});
