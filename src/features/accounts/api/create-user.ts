import { USER_CREATE_TIMEOUT_MS } from '@/domain/constants';
import type { NewUserBody } from '@/domain/registration-form';
import type { ApiEnvelope, UserRecord } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { api, bearer } from '@/lib/api-client';

/** POST /user/create-new, carrying the new Firebase account's ID token (of an e-mail and password, or of a phone number). */
export async function createUser(
  user: NewUserBody,
  firebaseIdToken: string,
  signal?: AbortSignal,
): Promise<UserRecord> {
  const body = await api
    .post('user/create-new', { json: user, headers: bearer(firebaseIdToken), timeout: USER_CREATE_TIMEOUT_MS, signal })
    .json<ApiEnvelope<UserRecord>>();
  if (!body.data?._id) throw new Error(m.accounts_create_user_failed());
  return body.data;
}
