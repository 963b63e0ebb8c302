import type { User } from 'firebase/auth';
import type { SessionEndReason } from '@/domain/session-end';
import { appStore } from '@/lib/app-store';
import { signInToFirebase, signOutOfFirebase, watchFirebaseUser } from '@/lib/firebase';
import { keepOnlyPersonData } from '@/lib/person-data';
import { clearSession, readSession, readSessionToken, writeSession } from '@/lib/session-cookies';
import { onSessionRefused } from '@/lib/session-refused';
import { whenIdleAfterFirstContent } from '@/lib/when-idle';
import { findUserId } from '../api/find-user-id';
import { getSignInToken } from '../api/get-sign-in-token';
import { generateOtp } from '../api/otp';
import { revokeAllServerSessions } from '../api/sign-out';
import { rememberDeviceKey } from './device-keys';
import { revokeOrRemember, startPendingSignOuts } from './pending-sign-outs';
import { sessionAtom, sessionStateFromCookies } from './session-atoms';

/**
 * How the app signs in and out. Firebase proves who the person is; Basha's server then issues its own
 * session token, kept with the user's id in two cookies for 14 days.
 */

/**
 * The sign-in state comes from the session cookies at once, so no page waits for Firebase, which is large.
 * With a session, Firebase is loaded once the page's first content is shown and the browser is idle, and followed
 * from then on: without a Firebase user, the cookies go too (accounts spec, section 4). Without a session there
 * is nothing to follow: signing in or registering loads Firebase on its own page.
 */
export function startSessionListener(): () => void {
  const session = readSession();
  appStore.set(sessionAtom, sessionStateFromCookies());
  // Sessions signed out of while offline are revoked on the server now, or once the connection returns.
  const stopPendingSignOuts = startPendingSignOuts();
  const stopRefusals = onSessionRefused(endSessionIfRefused);
  // Whoever was on the phone before (cookies that ran out since, a sign-out cut short) leaves nothing behind.
  if (session) void keepOnlyPersonData(session.userId).catch(() => undefined);
  else void endSessionHere();
  if (!session) {
    return () => {
      stopRefusals();
      stopPendingSignOuts();
    };
  }
  let stop: (() => void) | undefined;
  let stopped = false;
  const cancelIdle = whenIdleAfterFirstContent(() => {
    watchFirebaseUser((user) => applyFirebaseUser(user))
      .then((unsubscribe) => (stopped ? unsubscribe() : (stop = unsubscribe)))
      .catch(() => {
        // Firebase could not load (offline, say): the cookies' word stands.
      });
  }, FIREBASE_IDLE_TIMEOUT_MS);
  return () => {
    stopped = true;
    cancelIdle();
    stop?.();
    stopRefusals();
    stopPendingSignOuts();
  };
}

const FIREBASE_IDLE_TIMEOUT_MS = 3000;

/**
 * The one way a session ends on this phone, however it ends: a sign-out (or sign-out everywhere), the server
 * refusing the session, the cookies found gone, Firebase reporting no user. The cookies go at once (from then on no
 * page reads the person's copies), every person's data leaves the phone (src/lib/person-data.ts) and only then does
 * the app show the signed-out state; where someone's data was here, their Firebase sign-in goes too.
 */
async function endSessionHere(reason?: SessionEndReason): Promise<void> {
  const hadSession = readSession() !== undefined;
  clearSession();
  const someoneWasHere = await keepOnlyPersonData(undefined).catch(() => true);
  appStore.set(sessionAtom, reason ? { status: 'signed-out', reason } : { status: 'signed-out' });
  // A Firebase sign-in left on the phone could get a new session without the password.
  if (hadSession || someoneWasHere) await signOutOfFirebase().catch(() => undefined);
}

/** The token of the session a 401 ended last: a later answer to a call made with it may still say why. */
let refusedToken: string | undefined;

/**
 * A 401 (src/lib/session-refused.ts): the session it was sent with is over, unless a newer one began meanwhile.
 * Calls made side by side may come back in any order: when the first 401 said no reason and a later one for the same
 * session says its password was changed, the signed-out state takes the reason.
 */
function endSessionIfRefused(tokenSent: string | undefined, reason?: SessionEndReason): void {
  const session = readSession();
  const refused = session
    ? tokenSent === session.token
    : tokenSent === undefined && appStore.get(sessionAtom).status === 'signed-in';
  if (refused) {
    refusedToken = tokenSent;
    void endSessionHere(reason);
  } else if (reason && tokenSent !== undefined && tokenSent === refusedToken) {
    const state = appStore.get(sessionAtom);
    if (state.status === 'signed-out') appStore.set(sessionAtom, { status: 'signed-out', reason });
  }
}

function applyFirebaseUser(user: User | null): void {
  const session = readSession();
  if (!user) {
    if (session) void endSessionHere();
    else keepSignedOut();
  } else if (session) {
    appStore.set(sessionAtom, { status: 'signed-in', userId: session.userId, email: user.email });
  } else {
    // A Firebase user without a Basha session: registration or sign-in is still under way (it calls
    // completeSession when done), or the 14-day session ran out and the person must sign in again.
    keepSignedOut();
  }
}

/** Signed out, keeping why when it is known already (Firebase reports no user after a session ended for a reason). */
function keepSignedOut(): void {
  if (appStore.get(sessionAtom).status !== 'signed-out') appStore.set(sessionAtom, { status: 'signed-out' });
}

/**
 * Trades the Firebase user's ID token for a Basha session and records it. Another account's session still on the
 * phone ends (on the server too), and nothing of any other person stays before this one is let in.
 */
export async function completeSession(user: User, userId: string, signal?: AbortSignal): Promise<void> {
  const { token, deviceKey } = await getSignInToken(userId, await user.getIdToken(), signal);
  const previous = readSession();
  writeSession(userId, token);
  if (deviceKey) rememberDeviceKey(deviceKey);
  if (previous && previous.token !== token) void revokeOrRemember(previous.token);
  await keepOnlyPersonData(userId).catch(() => undefined);
  appStore.set(sessionAtom, { status: 'signed-in', userId, email: user.email });
}

/**
 * The end of registration: the new account's session, then the code the registration form promises ("We will e-mail
 * you a code"), mailed at once (issue 39, point 8), so the verification page opens with it on its way. A code that
 * cannot go now (the address had its share today, the mail server is down) does not undo the registration: the
 * verification page then offers Send OTP, as it does whenever no code is out.
 */
export async function completeRegistration(user: User, userId: string, signal?: AbortSignal): Promise<void> {
  await completeSession(user, userId, signal);
  await generateOtp(userId).catch((error: unknown) => console.info('The first code could not be mailed now', error));
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

/**
 * Signs out on this device; `everywhere` ends every session of the person first (other phones, computers) and
 * needs the network: when the server cannot be reached it throws, and nothing changes here.
 */
export async function signOut(options: { everywhere?: boolean } = {}): Promise<void> {
  if (options.everywhere) await revokeAllServerSessions();
  // Offline, the cookies go anyway, and the server is told when the phone is next online (pending-sign-outs.ts).
  else await revokeOrRemember(readSessionToken());
  await endSessionHere();
}
