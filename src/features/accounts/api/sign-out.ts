import { api } from '@/lib/api-client';

/** POST /user/sign-out: revokes the server session of the current session token. */
export async function revokeServerSession(): Promise<void> {
  await api.post('user/sign-out');
}

/** POST /user/sign-out-everywhere: revokes every session of the person and their Firebase sign-ins. */
export async function revokeAllServerSessions(): Promise<void> {
  await api.post('user/sign-out-everywhere');
}
