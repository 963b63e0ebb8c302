import { HTTPError } from 'ky';
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

/**
 * POST /user/find-id with `{phoneNumber}`: the Basha user id of the Firebase account's own verified number
 * (E.164), or undefined when no Basha account has it yet (404: the number is new, and registers).
 */
export async function findUserIdByPhone(
  phoneNumber: string,
  firebaseIdToken: string,
  signal?: AbortSignal,
): Promise<string | undefined> {
  try {
    const body = await api
      .post('user/find-id', { json: { phoneNumber }, headers: bearer(firebaseIdToken), signal })
      .json<ApiEnvelope<{ _id: string }[]>>();
    return body.data?.[0]?._id;
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return undefined;
    throw error;
  }
}
