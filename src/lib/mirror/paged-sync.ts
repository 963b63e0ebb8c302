import { SYNC_FROM_START, type SyncDelta } from '@/domain/sync-cursor';
import { nextSyncRequest, requestAfterPage, type StoredSyncPages, type SyncRequest } from '@/domain/sync-pages';
import { isInvalidSyncCursor } from './invalid-sync-cursor';

/**
 * One sync of a mirror with a paged list endpoint (src/domain/sync-pages.ts): asks page after page until the
 * server says there is no more, storing each as it comes. A sync that was interrupted goes on from where it
 * stopped, and is followed at once by a delta from its (old) final cursor. A cursor the server refuses is
 * forgotten: a page cursor for the last complete one, that one for a full sync.
 */

export interface PagedSyncMirror<Row> {
  /** The last complete sync's cursor and the sync between its pages, if any. */
  readProgress(): Promise<{ cursor: string | undefined; pages: StoredSyncPages | undefined }>;
  /** Stores a page; false when it belongs to a sync the mirror no longer follows (another tab's). */
  applyPage(page: SyncDelta<Row>, request: SyncRequest, now: number): Promise<boolean>;
  /** Drops the sync in progress: the next request starts again from the last complete cursor. */
  forgetPages(): Promise<void>;
  /** Drops the last complete cursor (and any sync in progress): the next sync is a full one. */
  forgetCursor(): Promise<void>;
}

export interface PagedSyncSummary {
  /** Some page belonged to a full sync. */
  full: boolean;
  pages: number;
  changed: number;
  deleted: number;
}

/** Brings the mirror up to date. Throws when the server cannot be reached; what was stored stays. */
export async function runPagedSync<Row>(
  mirror: PagedSyncMirror<Row>,
  fetchPage: (since: string) => Promise<SyncDelta<Row>>,
  now: () => number = Date.now,
): Promise<PagedSyncSummary> {
  const summary: PagedSyncSummary = { full: false, pages: 0, changed: 0, deleted: 0 };
  let progress = await mirror.readProgress();
  let request = nextSyncRequest(progress.cursor, progress.pages);
  let resumed = request.continuing;
  for (;;) {
    let page: SyncDelta<Row>;
    try {
      page = await fetchPage(request.since);
    } catch (error) {
      if (!(await isInvalidSyncCursor(error))) throw error;
      if (request.continuing) await mirror.forgetPages();
      else if (request.since !== SYNC_FROM_START) await mirror.forgetCursor();
      else throw error;
      progress = await mirror.readProgress();
      request = nextSyncRequest(progress.cursor, progress.pages);
      resumed = false;
      continue;
    }
    if (!(await mirror.applyPage(page, request, now()))) return summary;
    summary.full ||= request.full;
    summary.pages += 1;
    summary.changed += page.changed.length;
    summary.deleted += page.deleted.length;
    const next = requestAfterPage(request, page);
    if (next) {
      request = next;
    } else if (resumed) {
      // The sync that just ended began before the interruption: what changed since comes now.
      resumed = false;
      request = nextSyncRequest(page.cursor, undefined);
    } else {
      return summary;
    }
  }
}

/** The `data` of a `?since=` answer, checked: anything else is not a page the mirror can store. */
export function readSyncPage<Row>(data: unknown): SyncDelta<Row> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { changed, deleted, cursor, more } = data as Partial<Record<keyof SyncDelta<Row>, unknown>>;
  if (!Array.isArray(changed) || typeof cursor !== 'string') return undefined;
  if (deleted !== undefined && !Array.isArray(deleted)) return undefined;
  return {
    changed: changed as Row[],
    deleted: (deleted ?? []).filter((id): id is string => typeof id === 'string'),
    cursor,
    more: more === true,
  };
}
