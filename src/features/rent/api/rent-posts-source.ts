import type { RentPost, RentPostDetails } from '@/domain/rent-post';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';
import { putRentPost, removeRentPost, replaceRentPosts } from '../db/rent-db';

/**
 * Every read of rent posts from the server goes through here, and each answer refreshes the IndexedDB mirror
 * that the pages read. Today a refresh fetches the full list; delta sync (`?since=`) replaces
 * `refreshRentPosts` without touching the pages.
 */

/** Fetches every live post and makes the mirror equal to it. Throws when the server cannot be reached. */
export async function refreshRentPosts(): Promise<number> {
  const body = await api.get('rent/rent-posts').json<ApiEnvelope<RentPost[]>>();
  // An unsuccessful answer gives an empty list (shell spec 7).
  const posts = body.success && Array.isArray(body.data) ? body.data : [];
  await replaceRentPosts(posts);
  return posts.length;
}

export class RentPostNotFound extends Error {
  constructor() {
    super('Rent details not found!');
    this.name = 'RentPostNotFound';
  }
}

/** One post with its poster's name; RentPostNotFound when it does not exist (and it leaves the mirror). */
export async function fetchRentPostDetails(id: string, signal?: AbortSignal): Promise<RentPostDetails> {
  const response = await api.get(`rent/view-details/${encodeURIComponent(id)}`, {
    throwHttpErrors: false,
    ...(signal ? { signal } : {}),
  });
  if (response.status === 404) {
    await removeRentPost(id).catch(() => undefined);
    throw new RentPostNotFound();
  }
  const body = (await response.json()) as ApiEnvelope<RentPostDetails>;
  if (!response.ok || !body.success || !body.data) throw new Error(body.message || 'Could not load property details.');
  await putRentPost({ ...body.data, user: body.data.user._id }).catch(() => undefined);
  return body.data;
}
