import Dexie, { liveQuery, type EntityTable } from 'dexie';
import type { ServiceRecord } from '@/domain/service';
import type { ServiceCategoryFilter } from '@/domain/service-category';

/**
 * The device's mirror of professional services (decision 0004: database `basha-services`). Each service is
 * kept with its reviews, as the API answers it, plus the provider id as an index. Pages read only from here;
 * `api/fetch-services.ts` refreshes it from the server: a category's list is replaced as a whole (so services
 * deleted on the server go away), single services are put one by one.
 */

export const SERVICES_DB_NAME = 'basha-services';

export interface StoredService extends ServiceRecord {
  providerId: string;
}

class ServicesDatabase extends Dexie {
  services!: EntityTable<StoredService, '_id'>;

  constructor() {
    super(SERVICES_DB_NAME);
    this.version(1).stores({ services: '_id, category, providerId, updatedAt' });
  }
}

export const servicesDb = new ServicesDatabase();

const toStored = (service: ServiceRecord): StoredService => ({ ...service, providerId: service.provider._id });

/** Replaces the mirrored services of one category (or of all) with the server's list. */
export async function replaceServices(category: ServiceCategoryFilter, list: ServiceRecord[]): Promise<void> {
  await servicesDb.transaction('rw', servicesDb.services, async () => {
    if (category === 'all') await servicesDb.services.clear();
    else await servicesDb.services.where('category').equals(category).delete();
    await servicesDb.services.bulkPut(list.map(toStored));
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

export function servicesOfCategory(category: ServiceCategoryFilter) {
  return liveQuery(() =>
    category === 'all'
      ? servicesDb.services.toArray()
      : servicesDb.services.where('category').equals(category).toArray(),
  );
}

export function servicesOfProvider(providerId: string) {
  return liveQuery(() => servicesDb.services.where('providerId').equals(providerId).sortBy('createdAt'));
}

export function serviceById(id: string) {
  return liveQuery(() => servicesDb.services.get(id));
}
