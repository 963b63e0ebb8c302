import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';

/**
 * POST /user/reset-password: Basha mails a link to its own new-password page when the address has an account.
 * The answer is the same for every valid address.
 */
export async function requestPasswordReset(email: string): Promise<string> {
  const body = await api.post('user/reset-password', { json: { email } }).json<ApiEnvelope<unknown>>();
  return body.message;
}
