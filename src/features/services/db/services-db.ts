import type { ServiceRecord } from '@/domain/service';
import type { ServiceCategoryFilter } from '@/domain/service-category';
import { createMirror } from '@/lib/mirror/create-mirror';
import { hasFields } from '@/lib/mirror/has-fields';

/**
 * The device's mirror of professional services (decision 0004: database `basha-services`), made by the one
 * mirror factory (src/lib/mirror/create-mirror.ts). Each service is kept with its reviews, as the API answers
 * it. Pages and the find-service route loader read it through queryServices alone; ../api/fetch-services.ts
 * keeps it in step: the whole mirror follows one delta-sync cursor over category `all`, and a provider's list
 * and single services are also put as pages view them (the next delta carries anything they miss).
 */

export const SERVICES_DB_NAME = 'basha-services';

/** What the lists, the cards and the provider's page read of a stored service. */
function isServiceRecord(value: unknown): value is ServiceRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    hasFields(value, {
      _id: 'string',
      category: 'string',
      provider: 'object',
      serviceArea: 'array',
      description: 'string',
      minimumPrice: 'number',
      maximumPrice: 'number',
      availableTime: 'string',
      availableDays: 'array',
      ratings: 'array',
      createdAt: 'string',
    }) &&
    hasFields(Reflect.get(value, 'provider'), { _id: 'string', name: 'string' })
  );
}

export const servicesMirror = createMirror<ServiceRecord>({
  name: SERVICES_DB_NAME,
  rows: 'services',
  indexes: [],
  isRow: isServiceRecord,
});

/** What a page asks of the services mirror: one category's services, or one provider's. */
export type ServicesQuestion = { category: ServiceCategoryFilter } | { providerId: string };

const byCreatedAt = (a: ServiceRecord, b: ServiceRecord) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/**
 * A category's services in the order of their ids (the find-service page filters and sorts them by the rules of
 * src/domain/service-filters.ts), or a provider's, oldest first.
 */
export async function queryServices(question: ServicesQuestion): Promise<ServiceRecord[]> {
  if ('providerId' in question) {
    const { providerId } = question;
    const answer = await servicesMirror.query({
      where: (service) => service.provider._id === providerId,
      order: { compare: byCreatedAt, direction: 'asc' },
    });
    return answer.rows;
  }
  const { category } = question;
  const answer = await servicesMirror.query({
    where: category === 'all' ? undefined : (service) => service.category === category,
  });
  return answer.rows;
}

export const getService = (id: string) => servicesMirror.get(id);
export const putService = (service: ServiceRecord) => servicesMirror.put(service);
/** The service was deleted: it leaves the mirror now, before the next delta sync says so. */
export const removeService = (id: string) => servicesMirror.remove(id);
export const onServicesMirrorChanged = servicesMirror.subscribe;

/** Replaces the mirrored services of one provider. */
export function replaceServicesOf(providerId: string, list: readonly ServiceRecord[]): Promise<void> {
  return servicesMirror.replaceWhere((service) => service.provider._id === providerId, list);
}
