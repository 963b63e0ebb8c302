import type { ApiEnvelope } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { api, bearer } from '@/lib/api-client';

/** POST /user/find-id: the Basha user id of the signed-in Firebase account's own e-mail. */
export async function findUserId(email: string, firebaseIdToken: string): Promise<string> {
  const body = await api
    .post('user/find-id', { json: { email }, headers: bearer(firebaseIdToken) })
    .json<ApiEnvelope<{ _id: string }[]>>();
  const id = body.data?.[0]?._id;
  if (!id) throw new Error(m.accounts_user_id_not_found());
  return id;
}
