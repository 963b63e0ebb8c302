import type { ProfessionalDetails, ServiceRecord } from '@/domain/service';
import type { ApiEnvelope, UserRecord } from '@/domain/user';
import { api } from '@/lib/api-client';
import { withOfflineCopy } from '@/lib/viewed-records/with-offline-copy';

/**
 * Every read of the profiles feature. Profiles are not mirrored as lists; each one viewed is kept on the device
 * (lib/viewed-records), so it opens again offline.
 */

/** GET /user/find-info/{userId}. */
export async function fetchUser(userId: string): Promise<UserRecord> {
  const path = `user/find-info/${encodeURIComponent(userId)}`;
  return withOfflineCopy(path, async () => {
    const body = await api.get(path).json<ApiEnvelope<UserRecord>>();
    if (!body.data) throw new Error('The user profile you are looking for does not exist.');
    return body.data;
  });
}

/** GET /user/professional-details/{userId}; a failure gives an empty list (accounts spec, section 7). */
export async function fetchProfessionalProfiles(userId: string): Promise<ServiceRecord[]> {
  const path = `user/professional-details/${encodeURIComponent(userId)}`;
  try {
    return await withOfflineCopy(path, async () => {
      const body = await api.get(path).json<ApiEnvelope<ProfessionalDetails>>();
      return body.data?.professionalProfiles ?? [];
    });
  } catch (error) {
    console.error('Professional details could not be loaded', error);
    return [];
  }
}
