import * as v from 'valibot';
import { SYNC_FROM_START, type SyncDelta } from '@/domain/sync-cursor';
import {
  isCurrentSyncRun,
  progressFor,
  storedSyncPagesSchema,
  storedSyncStateSchema,
  type StoredSyncPages,
  type StoredSyncState,
  type SyncRequest,
  type SyncViewer,
} from '@/domain/sync-pages';
import { sameRecord } from '@/lib/keep-unchanged';
import { sharedRun, type SharedRun } from '@/lib/shared-run';
import { MIRROR_META_KEYS, type Mirror, type MirrorWriter } from './create-mirror';
import { runPagedSync, type PagedSyncSummary } from './paged-sync';

/**
 * A mirror's delta sync with its `?since=` endpoint (docs/offline.md, section 2), a page at a time
 * (src/domain/sync-pages.ts). Each page's changed rows are put by id and its deleted ids removed, in the same
 * transaction that stores where the sync stands, so the cursor never runs ahead of the rows and an interrupted
 * sync goes on where it stopped. A full sync notes every id it received (`fullSyncIds`) and, with its last page,
 * removes the rows it did not send: until then the list shows what it had, plus what came. Rows sent again as
 * they are stored are not written again: a delta repeats the last minute, and a full sync mostly sends what the
 * mirror holds; writing them would wake every open list for nothing.
 *
 * Kept apart from create-mirror.ts: it loads with the feature's api code, after a list's first paint.
 */

export interface MirrorSync<Row extends { _id: string }> {
  /** Brings the mirror up to date with the server; calls while one runs share it. Throws when it cannot. */
  sync: SharedRun<PagedSyncSummary>;
  /** Stores one page; false, storing nothing, when it belongs to a sync the mirror no longer follows. */
  applyPage(page: SyncDelta<Row>, request: SyncRequest, now: number): Promise<boolean>;
  /** Stores a complete answer as one page that ends its sync (a full one replaces every row). */
  applyDelta(delta: Omit<SyncDelta<Row>, 'more'>, options: { full: boolean; now: number }): Promise<void>;
  /** The last complete sync's cursor and the sync between its pages, if any: where the next sync starts. */
  readProgress(): Promise<{ cursor: string | undefined; pages: StoredSyncPages | undefined }>;
  /** The last complete sync, or undefined before the first (or after the cursor was forgotten). */
  readSyncState(): Promise<StoredSyncState | undefined>;
  /** When the mirror last heard fully from the server (epoch ms on this device), if ever. */
  savedAt(): Promise<number | undefined>;
  /** Drops the cursor (and any sync between its pages): the next sync is a full one. */
  forgetCursor(): Promise<void>;
  /** Drops the sync between its pages: the next one starts again from the last complete cursor. */
  forgetPages(): Promise<void>;
}

/** The phone's viewer changed while a sync page was on its way. */
class ViewerChanged extends Error {
  constructor() {
    super('The viewer changed during a listings sync.');
    this.name = 'ViewerChanged';
  }
}

const syncStateOf = (stored: unknown) => (v.is(storedSyncStateSchema, stored) ? stored : undefined);
const syncPagesOf = (stored: unknown) => (v.is(storedSyncPagesSchema, stored) ? stored : undefined);

/** True when the mirror holds this very version of the row: the same row, sent again. */
function sameStored<Row extends object>(stored: unknown, row: Row): boolean {
  if (stored === undefined) return false;
  // The cheap field first: after a burst of changes this runs over thousands of rows.
  if (typeof stored === 'object' && stored !== null && 'updatedAt' in stored && 'updatedAt' in row) {
    if (stored.updatedAt !== row.updatedAt) return false;
  }
  return sameRecord(stored, row);
}

/**
 * `viewer` says whom the server answers now (a visitor or someone signed in, by the session the API client sends): a
 * mirror's rows are all of one kind, so a sync after the viewer changed is a full one (src/domain/sync-pages.ts).
 */
export function createMirrorSync<Row extends { _id: string }>(
  mirror: Mirror<Row>,
  fetchPage: (since: string) => Promise<SyncDelta<Row>>,
  viewer: () => SyncViewer,
): MirrorSync<Row> {
  /** Where the mirror stands for the current viewer: what it holds for another viewer is not gone on from. */
  const progressOf = async (writer: MirrorWriter) => {
    const stored = {
      sync: syncStateOf(await writer.meta.get(MIRROR_META_KEYS.sync)),
      pages: syncPagesOf(await writer.meta.get(MIRROR_META_KEYS.syncPages)),
    };
    return { ...progressFor(viewer(), stored), savedAt: stored.sync?.savedAt };
  };

  const applyPage = (page: SyncDelta<Row>, request: SyncRequest, now: number) =>
    mirror.write(async (writer) => {
      const progress = await progressOf(writer);
      if (!isCurrentSyncRun(request, progress.pages)) return false;
      const [before, removed] = await Promise.all([
        writer.rows.bulkGet(page.changed.map((row) => row._id)),
        page.deleted.length > 0 ? writer.rows.where(':id').anyOf(page.deleted).count() : 0,
      ]);
      const changed = page.changed.filter((row, i) => !sameStored(before[i], row));
      await writer.rows.bulkDelete(page.deleted);
      await writer.rows.bulkPut(changed);
      const stale = request.full ? await followFullSync(writer, page, request) : 0;
      if (changed.length > 0 || removed > 0 || stale > 0) writer.rowsChanged();

      let savedAt = progress.savedAt;
      const answeredTo = viewer();
      if (page.more) {
        await writer.meta.put({
          key: MIRROR_META_KEYS.syncPages,
          cursor: page.cursor,
          full: request.full,
          viewer: answeredTo,
        });
      } else {
        savedAt = now;
        await writer.meta.delete(MIRROR_META_KEYS.syncPages);
        await writer.meta.put({ key: MIRROR_META_KEYS.sync, cursor: page.cursor, savedAt, viewer: answeredTo });
      }
      writer.syncStored(savedAt);
      return true;
    });

  const readProgress = () =>
    mirror.write(async (writer) => {
      const { cursor, pages } = await progressOf(writer);
      return { cursor, pages };
    });

  const forgetCursor = () =>
    mirror.write(async (writer) => {
      await writer.meta.bulkDelete([MIRROR_META_KEYS.sync, MIRROR_META_KEYS.syncPages]);
    });

  const forgetPages = () =>
    mirror.write(async (writer) => {
      await writer.meta.delete(MIRROR_META_KEYS.syncPages);
      await writer.fullSyncIds.clear();
    });

  const readSyncState = async () => syncStateOf(await mirror.readMeta(MIRROR_META_KEYS.sync));

  // A page is stored only as answered to the viewer the sync began with: one asked for as a visitor and answered after
  // a sign-in (or the other way round) ends the run, and the run starts again as the new viewer, from the start.
  const fetchForOneViewer = async (since: string) => {
    const askedAs = viewer();
    const page = await fetchPage(since);
    if (viewer() !== askedAs) throw new ViewerChanged();
    return page;
  };
  const runOnce = () => runPagedSync({ readProgress, applyPage, forgetPages, forgetCursor }, fetchForOneViewer);

  return {
    sync: sharedRun(() =>
      runOnce().catch((error: unknown) => (error instanceof ViewerChanged ? runOnce() : Promise.reject(error))),
    ),
    applyPage,
    async applyDelta(delta, options) {
      const request = { since: options.full ? SYNC_FROM_START : delta.cursor, full: options.full, continuing: false };
      await applyPage({ ...delta, more: false }, request, options.now);
    },
    readProgress,
    readSyncState,
    savedAt: async () => (await readSyncState())?.savedAt,
    forgetCursor,
    forgetPages,
  };
}

/**
 * A full sync's bookkeeping for one page: the ids it sent are noted, and with its last page the rows it did not
 * send are removed. Answers how many were removed.
 */
async function followFullSync<Row extends { _id: string }>(
  writer: MirrorWriter,
  page: SyncDelta<Row>,
  request: SyncRequest,
): Promise<number> {
  if (!request.continuing) await writer.fullSyncIds.clear();
  if (page.more) {
    await writer.fullSyncIds.bulkPut(page.changed.map((row) => ({ _id: row._id })));
    return 0;
  }
  const kept = new Set<string>(page.changed.map((row) => row._id));
  if (request.continuing) (await writer.fullSyncIds.toCollection().primaryKeys()).forEach((id) => kept.add(id));
  const stale = (await writer.rows.toCollection().primaryKeys()).filter((id) => !kept.has(id));
  await writer.rows.bulkDelete(stale);
  await writer.fullSyncIds.clear();
  return stale.length;
}
