import { atom } from 'jotai';
import type { SessionEndReason } from '@/domain/session-end';
import { readSession } from '@/lib/session-cookies';

/**
 * The sign-in state of the app. Signed in means Basha's session cookies (own id and session token) are
 * present; once Firebase has loaded, it must also report a user (session-flows.ts). `loading` is only seen
 * where there are no cookies to read (outside a browser).
 */
export type SessionState =
  | { status: 'loading' }
  /** `reason`: why the session ended elsewhere, when the server said (the sign-in page tells the person). */
  | { status: 'signed-out'; reason?: SessionEndReason }
  | { status: 'signed-in'; userId: string; email: string | null };

/** What the cookies say, before Firebase has been asked. */
export function sessionStateFromCookies(): SessionState {
  if (typeof document === 'undefined') return { status: 'loading' };
  const session = readSession();
  return session ? { status: 'signed-in', userId: session.userId, email: null } : { status: 'signed-out' };
}

export const sessionAtom = atom<SessionState>(sessionStateFromCookies());

/** The signed-in user's own id, or undefined. */
export const selfIdAtom = atom((get) => {
  const session = get(sessionAtom);
  return session.status === 'signed-in' ? session.userId : undefined;
});

/**
 * The account verified on this device just now (the verification page sets it), so the header's "Verify email"
 * link goes at once, without asking the server again.
 */
export const justVerifiedUserIdAtom = atom<string | undefined>(undefined);
