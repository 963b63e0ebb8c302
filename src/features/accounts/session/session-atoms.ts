import { atom } from 'jotai';

/**
 * The sign-in state of the app. Signed in means both: Firebase reports a user, and Basha's session cookies
 * (own id and session token) are present. Loading lasts until Firebase first reports.
 */
export type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; userId: string; email: string | null };

export const sessionAtom = atom<SessionState>({ status: 'loading' });

/** The signed-in user's own id, or undefined. */
export const selfIdAtom = atom((get) => {
  const session = get(sessionAtom);
  return session.status === 'signed-in' ? session.userId : undefined;
});
