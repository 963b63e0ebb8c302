import type { ServiceRecord } from '@/domain/service';
import type { ServiceCategoryFilter } from '@/domain/service-category';
import { readExistingDatabase, requestResult } from '@/lib/read-existing-idb';

/**
 * A category's services as the find-service page first shows them, read from the mirror without Dexie (see
 * src/lib/read-existing-idb.ts), for the route loader. The same rows, in the same order (by id), as
 * `readServicesOfCategory` in services-db.ts, whose store and index names these are.
 */

export const SERVICES_DB_NAME = 'basha-services';

/** The category's mirrored services; undefined before the mirror exists. */
export function readServicesFirstScreen(category: ServiceCategoryFilter): Promise<ServiceRecord[] | undefined> {
  return readExistingDatabase(SERVICES_DB_NAME, ['services'], (transaction) => {
    const services = transaction.objectStore('services');
    const request = category === 'all' ? services.getAll() : services.index('category').getAll(category);
    return requestResult(request as IDBRequest<ServiceRecord[]>);
  });
}
