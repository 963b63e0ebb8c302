import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';

/**
 * POST /user/reset-password: Basha mails a link to its own new-password page when the address has an account.
 * The answer is the same for every valid address. The phone's device keys let its owner's request through even
 * when strangers have used up the address's share.
 */
export async function requestPasswordReset(email: string, deviceKeys: string[]): Promise<string> {
  const json = deviceKeys.length > 0 ? { email, deviceKeys } : { email };
  const body = await api.post('user/reset-password', { json }).json<ApiEnvelope<unknown>>();
  return body.message;
}
