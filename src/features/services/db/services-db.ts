import Dexie, { liveQuery, type EntityTable } from 'dexie';
import type { ServiceRecord } from '@/domain/service';
import type { ServiceCategoryFilter } from '@/domain/service-category';
import type { SyncDelta } from '@/domain/sync-cursor';
import { sameRecord } from '@/lib/keep-unchanged';
import { SERVICES_DB_NAME } from './services-first-screen';

/**
 * The device's mirror of professional services (decision 0004: database `basha-services`). Each service is
 * kept with its reviews, as the API answers it, plus the provider id as an index. Pages read only from here;
 * `api/fetch-services.ts` keeps it current. The whole mirror follows ONE delta-sync cursor over category
 * `all` (table `meta`, with the time of the last sync): the first sync replaces everything, later ones put
 * the changed services and drop the deleted ids, in the same transaction as the new cursor, so the mirror and
 * its cursor never disagree. A provider's list and single services are also put as pages view them; the next
 * delta carries anything they miss.
 */

export { SERVICES_DB_NAME } from './services-first-screen';
const SYNC_META_KEY = 'sync';

export interface StoredService extends ServiceRecord {
  providerId: string;
}

/** Where the mirror's delta sync stands. */
export interface ServicesSyncMeta {
  key: typeof SYNC_META_KEY;
  /** The server's cursor of the last sync, sent back as `?since=`. */
  cursor: string;
  /** Epoch ms on this device when the last sync was stored ("showing listings saved 5 minutes ago"). */
  savedAt: number;
}

class ServicesDatabase extends Dexie {
  services!: EntityTable<StoredService, '_id'>;
  meta!: EntityTable<ServicesSyncMeta, 'key'>;

  constructor() {
    super(SERVICES_DB_NAME);
    this.version(1).stores({ services: '_id, category, providerId, updatedAt' });
    this.version(2).stores({ services: '_id, category, providerId, updatedAt', meta: 'key' });
  }
}

export const servicesDb = new ServicesDatabase();

const toStored = (service: ServiceRecord): StoredService => ({ ...service, providerId: service.provider._id });

/** The last sync's cursor and time, or undefined before the first one (or after the cursor was forgotten). */
export async function readServicesSyncMeta(): Promise<ServicesSyncMeta | undefined> {
  return servicesDb.meta.get(SYNC_META_KEY);
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
 * Stores one sync's answer with its cursor. `full`: the answer lists every live service, so whatever the
 * mirror holds besides goes; otherwise changed services are put and deleted ids removed.
 */
export async function applyServicesSync(
  delta: SyncDelta<ServiceRecord>,
  options: { full: boolean; savedAt: number },
): Promise<void> {
  await servicesDb.transaction('rw', servicesDb.services, servicesDb.meta, async () => {
    let changed = delta.changed.map(toStored);
    if (options.full) {
      await servicesDb.services.clear();
    } else {
      // A delta repeats the last minute's changes (src/domain/sync-cursor.ts). Writing them again would wake
      // every open list, which would read and draw its services anew, for nothing.
      const before = await servicesDb.services.bulkGet(changed.map((service) => service._id));
      changed = changed.filter((service, i) => !sameRecord(before[i], service));
      if (delta.deleted.length > 0) await servicesDb.services.bulkDelete(delta.deleted);
    }
    await servicesDb.services.bulkPut(changed);
    await servicesDb.meta.put({ key: SYNC_META_KEY, cursor: delta.cursor, savedAt: options.savedAt });
  });
}

/** The server refused the cursor: the next sync starts from the beginning. */
export async function forgetServicesCursor(): Promise<void> {
  await servicesDb.meta.delete(SYNC_META_KEY);
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
