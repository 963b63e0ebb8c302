import type { ProfessionalDetails, ServiceRecord } from '@/domain/service';
import { SYNC_FROM_START, type SyncDelta } from '@/domain/sync-cursor';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { isInvalidSyncCursor } from '@/lib/invalid-sync-cursor';
import { sharedRun } from '@/lib/shared-run';
import {
  applyServicesSync,
  forgetServicesCursor,
  putService,
  readServicesSyncMeta,
  replaceServicesOf,
} from '../db/services-db';

/**
 * The services feature's reads of services: each call asks the server and writes the answer into the Dexie
 * mirror that pages read from (a provider's person comes through lib/fetch-user-record.ts). The lists come by
 * delta sync over category `all`: one cursor for the whole mirror, so every category page is current after one
 * small request.
 */

/**
 * Brings the mirror up to date: everything the first time (or when the server no longer knows the cursor),
 * afterwards only what changed since the stored cursor. Calls made while a sync runs share it.
 */
export const syncServices = sharedRun(runServicesSync);

async function runServicesSync(): Promise<void> {
  const since = (await readServicesSyncMeta())?.cursor ?? SYNC_FROM_START;
  let delta: SyncDelta<ServiceRecord>;
  let full = since === SYNC_FROM_START;
  try {
    delta = await fetchServicesDelta(since);
  } catch (error) {
    if (full || !(await isInvalidSyncCursor(error))) throw error;
    await forgetServicesCursor();
    delta = await fetchServicesDelta(SYNC_FROM_START);
    full = true;
  }
  await applyServicesSync(delta, { full, savedAt: Date.now() });
}

/** GET /profession/find-services/all?since={cursor}: `{changed, deleted, cursor}`. */
async function fetchServicesDelta(since: string): Promise<SyncDelta<ServiceRecord>> {
  const body = await api
    .get('profession/find-services/all', { searchParams: { since } })
    .json<ApiEnvelope<SyncDelta<ServiceRecord>>>();
  if (!body.data || !Array.isArray(body.data.changed) || typeof body.data.cursor !== 'string') {
    throw new Error('The server answered the services sync without its data.');
  }
  return { changed: body.data.changed, deleted: body.data.deleted ?? [], cursor: body.data.cursor };
}

/** GET /profession/view-details/{id}: refreshes one service; answers it. */
export async function refreshService(id: string): Promise<ServiceRecord> {
  const body = await api.get(`profession/view-details/${encodeURIComponent(id)}`).json<ApiEnvelope<ServiceRecord>>();
  if (!body.data) throw new Error('Service data not found.');
  await putService(body.data);
  return body.data;
}

/** GET /user/professional-details/{userId}: refreshes the provider's services; answers them. */
export async function refreshProfessionalProfiles(userId: string): Promise<ServiceRecord[]> {
  const body = await api
    .get(`user/professional-details/${encodeURIComponent(userId)}`)
    .json<ApiEnvelope<ProfessionalDetails>>();
  const list = body.data?.professionalProfiles ?? [];
  await replaceServicesOf(userId, list);
  return list;
}
