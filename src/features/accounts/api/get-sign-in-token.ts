import type { ApiEnvelope } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { api, bearer } from '@/lib/api-client';

/**
 * POST /user/sign-in-token/{id}: trades a Firebase ID token for Basha's own session token, and this phone's device
 * key for the account's "Forgot password" (the `Basha-Device-Key` header; null when the server sent none).
 */
export async function getSignInToken(
  userId: string,
  firebaseIdToken: string,
  signal?: AbortSignal,
): Promise<{ token: string; deviceKey: string | null }> {
  const response = await api.post(`user/sign-in-token/${encodeURIComponent(userId)}`, {
    headers: bearer(firebaseIdToken),
    signal,
  });
  const body = await response.json<ApiEnvelope<string>>();
  if (typeof body.data !== 'string' || !body.data) throw new Error(m.accounts_sign_in_token_failed());
  return { token: body.data, deviceKey: response.headers.get('basha-device-key') };
}
