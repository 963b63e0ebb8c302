import { api } from '@/lib/api-client';

/** POST /user/sign-out: revokes the server session of the current session token. */
export async function revokeServerSession(): Promise<void> {
  await api.post('user/sign-out');
}
