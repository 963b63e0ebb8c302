import { HTTPError } from 'ky';
import type { ProfessionalDetails, ServiceRecord } from '@/domain/service';
import type { SyncDelta } from '@/domain/sync-cursor';
import { SERVICE_WITHHELD, withWithheldEmpty } from '@/domain/visitor-copy';
import type { ApiEnvelope } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { api } from '@/lib/api-client';
import { currentViewer } from '@/lib/session-cookies';
import { createMirrorSync } from '@/lib/mirror/mirror-sync';
import { readSyncPage } from '@/lib/mirror/paged-sync';
import { putService, removeService, replaceServicesOf, servicesMirror } from '../db/services-db';

/**
 * The services feature's reads of services: each call asks the server and writes the answer into the mirror
 * that pages read from (a provider's person comes through lib/fetch-user-record.ts). The lists come by delta
 * sync over category `all` (src/lib/mirror/mirror-sync.ts): one cursor for the whole mirror, so every category
 * page is current after one small request (or a few: answers come in pages of at most 500 services).
 */

/** GET /profession/find-services/all?since={cursor}: one page, `{changed, deleted, cursor, more}`. */
async function fetchServicesPage(since: string): Promise<SyncDelta<ServiceRecord>> {
  const body = await api.get('profession/find-services/all', { searchParams: { since } }).json<ApiEnvelope<unknown>>();
  const page = readSyncPage<ServiceRecord>(body.data);
  if (!page) throw new Error(m.services_sync_without_data());
  return { ...page, changed: page.changed.map(asStored) };
}

/** A service as the phone keeps it: a visitor's copy has its number and street empty (src/domain/visitor-copy.ts). */
const asStored = (service: ServiceRecord) => withWithheldEmpty(service, SERVICE_WITHHELD);

const servicesSync = createMirrorSync(servicesMirror, fetchServicesPage, currentViewer);

/**
 * Brings the mirror up to date: everything the first time (or when the server no longer knows the cursor),
 * afterwards only what changed since the stored cursor. Calls made while a sync runs share it.
 */
export const syncServices = servicesSync.sync;
export const applyServicesSync = servicesSync.applyDelta;
export const readServicesSyncState = servicesSync.readSyncState;
export const readServicesSyncProgress = servicesSync.readProgress;
/** When the mirror was last synced (epoch ms), or undefined if it never was. */
export const readServicesSavedAt = servicesSync.savedAt;

/**
 * GET /profession/view-details/{id}: refreshes one service; answers it. A 404 means it was deleted: it leaves the
 * mirror at once rather than at the next delta sync.
 */
export async function refreshService(id: string): Promise<ServiceRecord> {
  const body = await api
    .get(`profession/view-details/${encodeURIComponent(id)}`)
    .json<ApiEnvelope<ServiceRecord>>()
    .catch(async (error: unknown) => {
      if (error instanceof HTTPError && error.response.status === 404) await removeService(id).catch(() => undefined);
      throw error;
    });
  // Said as a 404 would be: the page shows "Service Not Found" (use-services.ts).
  if (!body.data) throw new DOMException(m.services_data_not_found(), 'NotFoundError');
  const service = asStored(body.data);
  await putService(service);
  return service;
}

/** GET /user/professional-details/{userId}: refreshes the provider's services; answers them. */
export async function refreshProfessionalProfiles(userId: string): Promise<ServiceRecord[]> {
  const body = await api
    .get(`user/professional-details/${encodeURIComponent(userId)}`)
    .json<ApiEnvelope<ProfessionalDetails>>();
  const list = (body.data?.professionalProfiles ?? []).map(asStored);
  await replaceServicesOf(userId, list);
  return list;
}
