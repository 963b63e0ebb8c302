import type { RentPost } from '@/domain/rent-post';
import { SYNC_FROM_START, type SyncDelta } from '@/domain/sync-cursor';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { isInvalidSyncCursor } from '@/lib/invalid-sync-cursor';
import { sharedRun } from '@/lib/shared-run';
import { applyRentDelta, forgetRentCursor, readRentSyncState } from '../db/rent-db';

/**
 * The rent list's sync with the server: each answer refreshes the IndexedDB mirror that the pages read (one
 * post's details come through rent-post-details.ts, which refreshes it too). The first sync asks for everything
 * (`?since=0`); later ones only for what changed since the stored cursor (changed rows and the ids of deleted
 * ones). Calls while a sync runs share it.
 */

export interface SyncSummary {
  full: boolean;
  changed: number;
  deleted: number;
}

/** Brings the mirror up to date with the server. Throws when the server cannot be reached. */
export const syncRentPosts = sharedRun(syncOnce);

async function syncOnce(): Promise<SyncSummary> {
  const state = await readRentSyncState();
  const since = state?.cursor ?? SYNC_FROM_START;
  let delta: SyncDelta<RentPost>;
  try {
    delta = await fetchDelta(since);
  } catch (error) {
    // A cursor the server no longer accepts: start again from scratch.
    if (since !== SYNC_FROM_START && (await isInvalidSyncCursor(error))) {
      await forgetRentCursor();
      return syncOnce();
    }
    throw error;
  }
  const full = since === SYNC_FROM_START;
  await applyRentDelta(delta, { full, now: Date.now() });
  return { full, changed: delta.changed.length, deleted: delta.deleted.length };
}

async function fetchDelta(since: string): Promise<SyncDelta<RentPost>> {
  const body = await api.get('rent/rent-posts', { searchParams: { since } }).json<ApiEnvelope<SyncDelta<RentPost>>>();
  if (!body.success || !body.data || !Array.isArray(body.data.changed)) {
    throw new Error('The server answered the rent sync without a delta.');
  }
  return body.data;
}

/** When the mirror last heard from the server (epoch ms), if ever. */
export async function rentPostsSavedAt(): Promise<number | undefined> {
  return (await readRentSyncState())?.savedAt;
}
