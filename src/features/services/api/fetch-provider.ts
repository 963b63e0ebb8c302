import type { ApiEnvelope, UserRecord } from '@/domain/user';
import { api } from '@/lib/api-client';
import { withOfflineCopy } from '@/lib/viewed-records/with-offline-copy';

/** GET /user/find-info/{userId}: the provider's person (a copy is kept for offline; persons are not mirrored as lists). */
export async function fetchProvider(userId: string): Promise<UserRecord> {
  const path = `user/find-info/${encodeURIComponent(userId)}`;
  // A provider viewed once opens again offline (the same kept copy the profile page uses).
  return withOfflineCopy(path, async () => {
    const body = await api.get(path).json<ApiEnvelope<UserRecord>>();
    if (!body.data) throw new Error('The user profile you are looking for does not exist.');
    return body.data;
  });
}
