import { HTTPError } from 'ky';
import type { RentPostDetails } from '@/domain/rent-post';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { withOfflineCopy } from '@/lib/viewed-records/with-offline-copy';
import { putRentPost, removeRentPost } from '../db/rent-db';

/** One rent post as its details page reads it: from the server, kept on the phone for offline visits. */

export class RentPostNotFound extends Error {
  constructor() {
    super('Rent details not found!');
    this.name = 'RentPostNotFound';
  }
}

/**
 * One post with its poster's name; RentPostNotFound when it does not exist (and it leaves the mirror).
 * Offline, the copy from the last time it was opened.
 */
export async function fetchRentPostDetails(id: string, signal?: AbortSignal): Promise<RentPostDetails> {
  const path = `rent/view-details/${encodeURIComponent(id)}`;
  try {
    const post = await withOfflineCopy(path, async () => {
      const body = await api.get(path, signal ? { signal } : {}).json<ApiEnvelope<RentPostDetails>>();
      if (!body.success || !body.data) throw new Error(body.message || 'Could not load property details.');
      // Only a fresh answer refreshes the mirror: an offline copy might bring back a post deleted since.
      await putRentPost({ ...body.data, user: body.data.user._id }).catch(() => undefined);
      return body.data;
    });
    return post;
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) {
      await removeRentPost(id).catch(() => undefined);
      throw new RentPostNotFound();
    }
    throw error;
  }
}
