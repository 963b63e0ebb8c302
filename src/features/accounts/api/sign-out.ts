import { api, bearer } from '@/lib/api-client';

/** POST /user/sign-out: revokes the server session of the current session token, or of the given one. */
export async function revokeServerSession(token?: string): Promise<void> {
  await api.post('user/sign-out', token ? { headers: bearer(token) } : {});
}

/** POST /user/sign-out-everywhere: revokes every session of the person and their Firebase sign-ins. */
export async function revokeAllServerSessions(): Promise<void> {
  await api.post('user/sign-out-everywhere');
}
