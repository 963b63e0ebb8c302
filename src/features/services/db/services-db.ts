import Dexie, { liveQuery, type EntityTable, type Table } from 'dexie';
import * as v from 'valibot';
import type { ServiceRecord } from '@/domain/service';
import type { ServiceCategoryFilter } from '@/domain/service-category';
import { SYNC_FROM_START, type SyncDelta } from '@/domain/sync-cursor';
import {
  isCurrentSyncRun,
  storedSyncPagesSchema,
  storedSyncStateSchema,
  type StoredSyncPages,
  type StoredSyncState,
  type SyncRequest,
} from '@/domain/sync-pages';
import { sameRecord } from '@/lib/keep-unchanged';
import { SERVICES_DB_NAME } from './services-first-screen';

/**
 * The device's mirror of professional services (decision 0004: database `basha-services`). Each service is
 * kept with its reviews, as the API answers it, plus the provider id as an index. Pages read only from here;
 * `api/fetch-services.ts` keeps it current. The whole mirror follows ONE delta-sync cursor over category
 * `all` (table `meta`, with the time of the last sync), a page at a time (src/domain/sync-pages.ts): each page's
 * changed services are put and its deleted ids dropped, in the same transaction as where the sync stands, so
 * the mirror and its cursor never disagree and an interrupted sync goes on where it stopped. A full sync notes
 * the ids it received (table `fullSyncIds`) and, with its last page, drops every service it did not send. A
 * provider's list and single services are also put as pages view them; the next delta carries anything they
 * miss.
 */

export { SERVICES_DB_NAME } from './services-first-screen';

export interface StoredService extends ServiceRecord {
  providerId: string;
}

/** Where the mirror's delta sync stands: the last sync's cursor, and when it was stored ("saved 5 minutes ago"). */
export type ServicesSyncMeta = StoredSyncState;

class ServicesDatabase extends Dexie {
  services!: EntityTable<StoredService, '_id'>;
  meta!: Table<ServicesSyncMeta | StoredSyncPages, string>;
  fullSyncIds!: EntityTable<{ _id: string }, '_id'>;

  constructor() {
    super(SERVICES_DB_NAME);
    this.version(1).stores({ services: '_id, category, providerId, updatedAt' });
    this.version(2).stores({ services: '_id, category, providerId, updatedAt', meta: 'key' });
    this.version(3).stores({ fullSyncIds: '_id' });
  }
}

export const servicesDb = new ServicesDatabase();

const toStored = (service: ServiceRecord): StoredService => ({ ...service, providerId: service.provider._id });

/** The last sync's cursor and time, or undefined before the first one (or after the cursor was forgotten). */
export async function readServicesSyncMeta(): Promise<ServicesSyncMeta | undefined> {
  const stored = await servicesDb.meta.get('sync');
  return v.is(storedSyncStateSchema, stored) ? stored : undefined;
}

async function readServicesSyncPages(): Promise<StoredSyncPages | undefined> {
  const stored = await servicesDb.meta.get('sync-pages');
  return v.is(storedSyncPagesSchema, stored) ? stored : undefined;
}

/** The last complete sync and the sync between its pages, if any: where the next sync starts. */
export async function readServicesSyncProgress(): Promise<{
  cursor: string | undefined;
  pages: StoredSyncPages | undefined;
}> {
  return servicesDb.transaction('r', servicesDb.meta, async () => ({
    cursor: (await readServicesSyncMeta())?.cursor,
    pages: await readServicesSyncPages(),
  }));
}

/** When the mirror was last synced (epoch ms), or undefined if it never was. */
export async function readServicesSavedAt(): Promise<number | undefined> {
  return (await readServicesSyncMeta())?.savedAt;
}

/** Live: when the mirror was last synced (epoch ms), or undefined. */
export function servicesSavedAtQuery() {
  return liveQuery(async () => (await readServicesSyncMeta())?.savedAt);
}

/**
 * Stores one page of a sync (src/domain/sync-pages.ts) with where the sync stands, in one transaction: changed
 * services put, deleted ids dropped, and with the last page of a full sync every service it did not send
 * dropped. Answers false, storing nothing, when the page belongs to a sync the mirror no longer follows.
 */
export async function applyServicesPage(
  page: SyncDelta<ServiceRecord>,
  request: SyncRequest,
  savedAt: number,
): Promise<boolean> {
  return servicesDb.transaction('rw', [servicesDb.services, servicesDb.meta, servicesDb.fullSyncIds], async () => {
    if (!isCurrentSyncRun(request, await readServicesSyncPages())) return false;
    // A delta repeats the last minute's changes (src/domain/sync-cursor.ts), and a full sync mostly sends what
    // the mirror holds. Writing them again would wake every open list, which would read and draw its services
    // anew, for nothing.
    const incoming = page.changed.map(toStored);
    const before = await servicesDb.services.bulkGet(incoming.map((service) => service._id));
    const changed = incoming.filter((service, i) => !sameRecord(before[i], service));
    if (page.deleted.length > 0) await servicesDb.services.bulkDelete(page.deleted);
    await servicesDb.services.bulkPut(changed);
    if (request.full) await followFullSync(page, request);
    if (page.more) {
      await servicesDb.meta.put({ key: 'sync-pages', cursor: page.cursor, full: request.full });
    } else {
      await servicesDb.meta.delete('sync-pages');
      await servicesDb.meta.put({ key: 'sync', cursor: page.cursor, savedAt });
    }
    return true;
  });
}

/** A full sync's bookkeeping for one page: the ids it sent are noted; its last page drops the others. */
async function followFullSync(page: SyncDelta<ServiceRecord>, request: SyncRequest): Promise<void> {
  if (!request.continuing) await servicesDb.fullSyncIds.clear();
  const sent = page.changed.map((service) => ({ _id: service._id }));
  if (page.more) {
    await servicesDb.fullSyncIds.bulkPut(sent);
    return;
  }
  const kept = new Set(sent.map((row) => row._id));
  if (request.continuing) (await servicesDb.fullSyncIds.toCollection().primaryKeys()).forEach((id) => kept.add(id));
  const stale = (await servicesDb.services.toCollection().primaryKeys()).filter((id) => !kept.has(id));
  await servicesDb.services.bulkDelete(stale);
  await servicesDb.fullSyncIds.clear();
}

/**
 * Stores a complete answer in one step, as one page that ends its sync: a full one replaces everything, a delta
 * puts the changed services and drops the deleted ids.
 */
export async function applyServicesSync(
  delta: Omit<SyncDelta<ServiceRecord>, 'more'>,
  options: { full: boolean; savedAt: number },
): Promise<void> {
  const request = { since: options.full ? SYNC_FROM_START : delta.cursor, full: options.full, continuing: false };
  await applyServicesPage({ ...delta, more: false }, request, options.savedAt);
}

/** The server refused the cursor: the next sync starts from the beginning. */
export async function forgetServicesCursor(): Promise<void> {
  await servicesDb.meta.bulkDelete(['sync', 'sync-pages']);
}

/** The server refused a page cursor: the next sync starts again from the last complete cursor. */
export async function forgetServicesSyncPages(): Promise<void> {
  await servicesDb.transaction('rw', servicesDb.meta, servicesDb.fullSyncIds, async () => {
    await servicesDb.meta.delete('sync-pages');
    await servicesDb.fullSyncIds.clear();
  });
}

/** Replaces the mirrored services of one provider. */
export async function replaceServicesOf(providerId: string, list: ServiceRecord[]): Promise<void> {
  await servicesDb.transaction('rw', servicesDb.services, async () => {
    await servicesDb.services.where('providerId').equals(providerId).delete();
    await servicesDb.services.bulkPut(list.map(toStored));
  });
}

export async function putService(service: ServiceRecord): Promise<void> {
  await servicesDb.services.put(toStored(service));
}

/** The service was deleted: it leaves the mirror now, before the next delta sync says so. */
export async function removeService(id: string): Promise<void> {
  await servicesDb.services.delete(id);
}

export async function getService(id: string): Promise<StoredService | undefined> {
  return servicesDb.services.get(id);
}

export function readServicesOfCategory(category: ServiceCategoryFilter): Promise<ServiceRecord[]> {
  return category === 'all'
    ? servicesDb.services.toArray()
    : servicesDb.services.where('category').equals(category).toArray();
}

export function servicesOfCategory(category: ServiceCategoryFilter) {
  return liveQuery(() => readServicesOfCategory(category));
}

export function servicesOfProvider(providerId: string) {
  return liveQuery(() => servicesDb.services.where('providerId').equals(providerId).sortBy('createdAt'));
}

export function serviceById(id: string) {
  return liveQuery(() => servicesDb.services.get(id));
}
