import type { RentPost } from '@/domain/rent-post';
import type { SyncDelta } from '@/domain/sync-cursor';
import { RENT_POST_WITHHELD, withWithheldEmpty } from '@/domain/visitor-copy';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { currentViewer } from '@/lib/session-cookies';
import { createMirrorSync } from '@/lib/mirror/mirror-sync';
import { readSyncPage, type PagedSyncSummary } from '@/lib/mirror/paged-sync';
import { rentMirror } from '../db/rent-db';

/**
 * The rent list's sync with the server (src/lib/mirror/mirror-sync.ts over `GET /rent/rent-posts?since=`): the
 * first sync asks for everything, later ones only for what changed since the stored cursor, in pages of at most
 * 500 rows, each stored as it comes. One post's details come through rent-post-details.ts, which refreshes the
 * mirror too. Calls while a sync runs share it.
 */

export type SyncSummary = PagedSyncSummary;

async function fetchPage(since: string): Promise<SyncDelta<RentPost>> {
  const body = await api.get('rent/rent-posts', { searchParams: { since } }).json<ApiEnvelope<unknown>>();
  const page = body.success ? readSyncPage<RentPost>(body.data) : undefined;
  if (!page) throw new Error('The server answered the rent sync without a delta.');
  return { ...page, changed: page.changed.map((post) => withWithheldEmpty(post, RENT_POST_WITHHELD)) };
}

const rentSync = createMirrorSync(rentMirror, fetchPage, currentViewer);

/** Brings the mirror up to date with the server. Throws when the server cannot be reached. */
export const syncRentPosts = rentSync.sync;
export const applyRentPage = rentSync.applyPage;
export const applyRentDelta = rentSync.applyDelta;
export const readRentSyncState = rentSync.readSyncState;
export const readRentSyncProgress = rentSync.readProgress;
/** When the mirror last heard from the server (epoch ms), if ever. */
export const rentPostsSavedAt = rentSync.savedAt;
