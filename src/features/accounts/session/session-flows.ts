import type { User } from 'firebase/auth';
import { appStore } from '@/lib/app-store';
import { signInToFirebase, signOutOfFirebase, watchFirebaseUser } from '@/lib/firebase';
import { clearSession, readSession, writeSession } from '@/lib/session-cookies';
import { findUserId } from '../api/find-user-id';
import { getSignInToken } from '../api/get-sign-in-token';
import { revokeServerSession } from '../api/sign-out';
import { sessionAtom } from './session-atoms';

/**
 * How the app signs in and out. Firebase proves who the person is; Basha's server then issues its own
 * session token, kept with the user's id in two cookies for 14 days.
 */

/** Follows Firebase's reports. Without a Firebase user, the cookies go too (accounts spec, section 4). */
export function startSessionListener(): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  watchFirebaseUser((user) => applyFirebaseUser(user))
    .then((unsubscribe) => (stopped ? unsubscribe() : (stop = unsubscribe)))
    .catch(() => {
      // Firebase could not load (offline on a first visit): fall back to what the cookies say.
      const session = readSession();
      appStore.set(
        sessionAtom,
        session ? { status: 'signed-in', userId: session.userId, email: null } : { status: 'signed-out' },
      );
    });
  return () => {
    stopped = true;
    stop?.();
  };
}

function applyFirebaseUser(user: User | null): void {
  const session = readSession();
  if (!user) {
    clearSession();
    appStore.set(sessionAtom, { status: 'signed-out' });
  } else if (session) {
    appStore.set(sessionAtom, { status: 'signed-in', userId: session.userId, email: user.email });
  } else {
    // A Firebase user without a Basha session: registration or sign-in is still under way (it calls
    // completeSession when done), or the 14-day session ran out and the person must sign in again.
    appStore.set(sessionAtom, { status: 'signed-out' });
  }
}

/** Trades the Firebase user's ID token for a Basha session and records it. */
export async function completeSession(user: User, userId: string, signal?: AbortSignal): Promise<void> {
  const token = await getSignInToken(userId, await user.getIdToken(), signal);
  writeSession(userId, token);
  appStore.set(sessionAtom, { status: 'signed-in', userId, email: user.email });
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const user = await signInToFirebase(email, password);
  try {
    const userId = await findUserId(email, await user.getIdToken());
    await completeSession(user, userId);
  } catch (error) {
    await signOutOfFirebase().catch(() => undefined);
    throw error;
  }
}

export async function signOut(): Promise<void> {
  await revokeServerSession().catch(() => undefined); // Offline or already expired: the cookies go anyway.
  clearSession();
  appStore.set(sessionAtom, { status: 'signed-out' });
  await signOutOfFirebase();
}
