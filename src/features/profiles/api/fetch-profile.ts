import type { ProfessionalDetails, ServiceRecord } from '@/domain/service';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { withOfflineCopy } from '@/lib/viewed-records/with-offline-copy';

/**
 * The profiles feature's reads besides the person itself (lib/fetch-user-record.ts, shared with a provider's
 * page). Profiles are not mirrored as lists; each one viewed is kept on the device (lib/viewed-records), so it
 * opens again offline.
 */

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
