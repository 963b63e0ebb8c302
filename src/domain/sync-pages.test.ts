import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  isCurrentSyncRun,
  nextSyncRequest,
  requestAfterPage,
  storedSyncPagesSchema,
  progressFor,
  storedSyncStateSchema,
  type StoredSyncPages,
} from './sync-pages';

const inProgress: StoredSyncPages = { key: 'sync-pages', cursor: 'p1.f.1000.999000.page-one', full: true };

describe('the next sync request', () => {
  it('starts from the beginning, in full, the first time', () => {
    expect(nextSyncRequest(undefined, undefined)).toEqual({ since: '0', full: true, continuing: false });
  });

  it('asks what changed since the last complete sync', () => {
    expect(nextSyncRequest('5000', undefined)).toEqual({ since: '5000', full: false, continuing: false });
  });

  it('goes on with a sync interrupted between its pages', () => {
    expect(nextSyncRequest('5000', inProgress)).toEqual({ since: inProgress.cursor, full: true, continuing: true });
  });

  it('follows a page with more by its cursor, in the same sync, and ends with the last', () => {
    const first = nextSyncRequest(undefined, undefined);
    expect(requestAfterPage(first, { more: true, cursor: 'p1.f.next' })).toEqual({
      since: 'p1.f.next',
      full: true,
      continuing: true,
    });
    expect(requestAfterPage(first, { more: false, cursor: '1000' })).toBeUndefined();
  });
});

describe('whose sync a page belongs to', () => {
  it('stores a new sync only when none is in progress', () => {
    const fresh = nextSyncRequest('5000', undefined);
    expect(isCurrentSyncRun(fresh, undefined)).toBe(true);
    expect(isCurrentSyncRun(fresh, inProgress)).toBe(false);
  });

  it('stores a continuation only of the page the mirror stored last', () => {
    const continuing = nextSyncRequest(undefined, inProgress);
    expect(isCurrentSyncRun(continuing, inProgress)).toBe(true);
    expect(isCurrentSyncRun(continuing, { ...inProgress, cursor: 'p1.f.moved-on' })).toBe(false);
    expect(isCurrentSyncRun(continuing, undefined)).toBe(false);
  });
});

describe('what a mirror stored', () => {
  it('is read back only in the shape it was written in', () => {
    expect(v.is(storedSyncStateSchema, { key: 'sync', cursor: '5000', savedAt: 9 })).toBe(true);
    expect(v.is(storedSyncStateSchema, { key: 'sync', cursor: 5000, savedAt: 9 })).toBe(false);
    expect(v.is(storedSyncPagesSchema, inProgress)).toBe(true);
    expect(v.is(storedSyncPagesSchema, { key: 'sync-pages', cursor: 'p1' })).toBe(false);
  });
});

describe("whom a mirror's rows were answered to", () => {
  const sync = { key: 'sync' as const, cursor: '5000', savedAt: 9 };
  it('goes on from the last cursor and the sync between pages only for the same viewer', () => {
    const stored = {
      sync: { ...sync, viewer: 'visitor' as const },
      pages: { ...inProgress, viewer: 'visitor' as const },
    };
    expect(progressFor('visitor', stored)).toEqual({ cursor: '5000', pages: stored.pages });
    expect(progressFor('member', stored)).toEqual({ cursor: undefined, pages: undefined });
  });

  it('goes on with a full sync begun for the new viewer, from no cursor', () => {
    const stored = {
      sync: { ...sync, viewer: 'member' as const },
      pages: { ...inProgress, viewer: 'visitor' as const },
    };
    expect(progressFor('visitor', stored)).toEqual({ cursor: undefined, pages: stored.pages });
  });

  it("takes a mirror stored before visitors could read for a signed-in person's", () => {
    expect(progressFor('member', { sync, pages: undefined })).toEqual({ cursor: '5000', pages: undefined });
    expect(progressFor('visitor', { sync, pages: undefined })).toEqual({ cursor: undefined, pages: undefined });
  });
});
