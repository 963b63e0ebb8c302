import type { ApiEnvelope } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { api, bearer } from '@/lib/api-client';

/** POST /user/sign-in-token/{id}: trades a Firebase ID token for Basha's own session token. */
export async function getSignInToken(userId: string, firebaseIdToken: string, signal?: AbortSignal): Promise<string> {
  const body = await api
    .post(`user/sign-in-token/${encodeURIComponent(userId)}`, { headers: bearer(firebaseIdToken), signal })
    .json<ApiEnvelope<string>>();
  if (typeof body.data !== 'string' || !body.data) throw new Error(m.accounts_sign_in_token_failed());
  return body.data;
}
