import type { RentPost } from '@/domain/rent-post';
import type { SyncDelta } from '@/domain/sync-cursor';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { readSyncPage, runPagedSync, type PagedSyncSummary } from '@/lib/paged-sync';
import { sharedRun } from '@/lib/shared-run';
import {
  applyRentPage,
  forgetRentCursor,
  forgetRentSyncPages,
  readRentSyncProgress,
  readRentSyncState,
} from '../db/rent-db';

/**
 * The rent list's sync with the server: each answer refreshes the IndexedDB mirror that the pages read (one
 * post's details come through rent-post-details.ts, which refreshes it too). The first sync asks for everything
 * (`?since=0`); later ones only for what changed since the stored cursor (changed rows and the ids of deleted
 * ones). Either comes in pages of at most 500 rows, asked for one after another and each stored as it comes
 * (src/lib/paged-sync.ts). Calls while a sync runs share it.
 */

export type SyncSummary = PagedSyncSummary;

/** Brings the mirror up to date with the server. Throws when the server cannot be reached. */
export const syncRentPosts = sharedRun(() =>
  runPagedSync(
    {
      readProgress: readRentSyncProgress,
      applyPage: applyRentPage,
      forgetPages: forgetRentSyncPages,
      forgetCursor: forgetRentCursor,
    },
    fetchPage,
  ),
);

async function fetchPage(since: string): Promise<SyncDelta<RentPost>> {
  const body = await api.get('rent/rent-posts', { searchParams: { since } }).json<ApiEnvelope<unknown>>();
  const page = body.success ? readSyncPage<RentPost>(body.data) : undefined;
  if (!page) throw new Error('The server answered the rent sync without a delta.');
  return page;
}

/** When the mirror last heard from the server (epoch ms), if ever. */
export async function rentPostsSavedAt(): Promise<number | undefined> {
  return (await readRentSyncState())?.savedAt;
}
