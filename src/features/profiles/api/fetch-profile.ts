import type { ProfessionalDetails, ServiceRecord } from '@/domain/service';
import type { ApiEnvelope, UserRecord } from '@/domain/user';
import { api } from '@/lib/api-client';

/** Every read of the profiles feature. Profiles need the network; they are not mirrored on the device. */

/** GET /user/find-info/{userId}. */
export async function fetchUser(userId: string): Promise<UserRecord> {
  const body = await api.get(`user/find-info/${encodeURIComponent(userId)}`).json<ApiEnvelope<UserRecord>>();
  if (!body.data) throw new Error('The user profile you are looking for does not exist.');
  return body.data;
}

/** GET /user/professional-details/{userId}; a failure gives an empty list (accounts spec, section 7). */
export async function fetchProfessionalProfiles(userId: string): Promise<ServiceRecord[]> {
  try {
    const body = await api
      .get(`user/professional-details/${encodeURIComponent(userId)}`)
      .json<ApiEnvelope<ProfessionalDetails>>();
    return body.data?.professionalProfiles ?? [];
  } catch (error) {
    console.error('Professional details could not be loaded', error);
    return [];
  }
}
