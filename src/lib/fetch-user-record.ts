import type { ApiEnvelope, ProfileRecord } from '@/domain/user';
import { api } from './api-client';
import { withOfflineCopy } from './viewed-records/with-offline-copy';

/**
 * GET /user/find-info/{userId}: a person's record as the profile page and a provider's page show it: the whole
 * record for oneself, the public profile for anyone else (`isOwnRecord` tells which).
 * Persons are not mirrored as lists; each one viewed is kept on the device (viewed-records), so it opens again
 * offline.
 */
export async function fetchUserRecord(userId: string): Promise<ProfileRecord> {
  const path = `user/find-info/${encodeURIComponent(userId)}`;
  return withOfflineCopy(path, async () => {
    const body = await api.get(path).json<ApiEnvelope<ProfileRecord>>();
    if (!body.data) throw new Error('The user profile you are looking for does not exist.');
    return body.data;
  });
}
