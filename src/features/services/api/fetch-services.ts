import type { ProfessionalDetails, ServiceRecord } from '@/domain/service';
import type { ServiceCategoryFilter } from '@/domain/service-category';
import { serviceCategorySlug } from '@/domain/service-category';
import type { ApiEnvelope, UserRecord } from '@/domain/user';
import { api } from '@/lib/api-client';
import { putService, replaceServices, replaceServicesOf } from '../db/services-db';

/**
 * Every read of the services feature, in one place: each call asks the server and writes the answer into
 * the Dexie mirror that pages read from. Delta sync (`?since=`) will slot in here without touching pages.
 */

/** GET /profession/find-services/{category}: refreshes the category's mirror. */
export async function refreshServices(category: ServiceCategoryFilter): Promise<void> {
  const body = await api
    .get(`profession/find-services/${serviceCategorySlug(category)}`)
    .json<ApiEnvelope<ServiceRecord[]>>();
  await replaceServices(category, body.data ?? []);
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

/** GET /user/find-info/{userId}: the provider's person (not mirrored: profiles need the network). */
export async function fetchProvider(userId: string): Promise<UserRecord> {
  const body = await api.get(`user/find-info/${encodeURIComponent(userId)}`).json<ApiEnvelope<UserRecord>>();
  if (!body.data) throw new Error('The user profile you are looking for does not exist.');
  return body.data;
}
