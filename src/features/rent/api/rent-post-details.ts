import { HTTPError } from 'ky';
import type { RentPostDetails } from '@/domain/rent-post';
import { RENT_POST_WITHHELD, withWithheldEmpty } from '@/domain/visitor-copy';
import type { ApiEnvelope } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { api } from '@/lib/api-client';
import { markSavedGone } from '@/lib/saved/mark-saved-gone';
import { isUnreachable, readWithOfflineCopy, type RecordSource } from '@/lib/viewed-records/with-offline-copy';
import { getRentPost, putRentPost, removeRentPost } from '../db/rent-db';
import { readRentSyncState } from './rent-posts-source';

/** One rent post as its details page reads it: from the server, kept on the phone for offline visits. */

export class RentPostNotFound extends Error {
  constructor() {
    super(m.rent_details_not_found());
    this.name = 'RentPostNotFound';
  }
}

/**
 * One post with its poster's name, and where it came from; RentPostNotFound when it does not exist (and it
 * leaves the mirror; a saved copy is marked gone). Offline, the copy from the last time it was opened, or else the post as the list's mirror
 * holds it (every field but the poster's name, which the list does not carry): a listing seen in the list opens
 * offline even if it was never opened before.
 */
export async function fetchRentPostDetails(
  id: string,
  signal?: AbortSignal,
): Promise<{ post: RentPostDetails; source: RecordSource }> {
  const path = `rent/view-details/${encodeURIComponent(id)}`;
  try {
    const { value, source } = await readWithOfflineCopy(path, async () => {
      const body = await api.get(path, signal ? { signal } : {}).json<ApiEnvelope<RentPostDetails>>();
      if (!body.success || !body.data) throw new Error(body.message || m.rent_details_load_failed());
      const post = withWithheldEmpty(body.data, RENT_POST_WITHHELD);
      // Only a fresh answer refreshes the mirror: an offline copy might bring back a post deleted since.
      await putRentPost({ ...post, user: post.user._id }).catch(() => undefined);
      return post;
    });
    return { post: value, source };
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) {
      await removeRentPost(id).catch(() => undefined);
      // Saved, it stays on the Saved page, marked no longer available, until the person removes it.
      await markSavedGone('rent', id).catch(() => undefined);
      throw new RentPostNotFound();
    }
    if (isUnreachable(error)) {
      const mirrored = await getRentPost(id).catch(() => undefined);
      if (mirrored) {
        const savedAt = (await readRentSyncState().catch(() => undefined))?.savedAt;
        return { post: { ...mirrored, user: { _id: mirrored.user, name: '' } }, source: { from: 'phone', savedAt } };
      }
    }
    throw error;
  }
}

/** "Show number" on a visitor's copy of an ad: `GET /rent/view-details/{id}/phone` (counted per connection). */
export async function fetchRentPhone(id: string): Promise<string> {
  const body = await api
    .get(`rent/view-details/${encodeURIComponent(id)}/phone`)
    .json<ApiEnvelope<{ contactInfo?: unknown }>>();
  if (typeof body.data?.contactInfo !== 'string') throw new Error(m.share_show_number_failed());
  return body.data.contactInfo;
}
