import { inject } from 'vitest';
import { createFirebaseIdentity } from '../auth/identity';
import type { AppConfig } from '../config/env';
import { emulatorPhoneSignIn, type EmulatorTarget } from './emulator-phone';
import { TEST_FIREBASE_PROJECT_ID } from './global-setup';
import { TEST_PASSWORD, uniqueEmail, type FirebaseAccount, type TestAuth } from './test-auth';

/**
 * The run's real Firebase Auth emulator (started by global-setup) as a TestAuth: the browser's side through its
 * REST API, as the browser SDK calls it, the support person's through its admin REST API ("Bearer owner" is its
 * admin token), and the server's through firebase-admin (createFirebaseIdentity, pointed at it by `config`).
 */
export function emulatorAuth(config: AppConfig): TestAuth {
  return {
    signUp: emulatorSignUp,
    signIn: emulatorSignIn,
    async signInWithPhone(phoneNumber) {
      return emulatorPhoneSignIn(emulatorTarget(), phoneNumber);
    },
    async linkPhone(idToken, phoneNumber) {
      return (await emulatorPhoneSignIn(emulatorTarget(), phoneNumber, idToken)).idToken;
    },
    disable: (uid) => emulatorAdmin('accounts:update', { localId: uid, disableUser: true }),
    remove: (uid) => emulatorAdmin('accounts:delete', { localId: uid }),
    async confirmPasswordReset(oobCode, newPassword) {
      const response = await emulatorPost('accounts:resetPassword', { oobCode, newPassword });
      if (!response.ok) throw new Error(`emulator resetPassword failed: ${await response.text()}`);
    },
    identity: () => createFirebaseIdentity(config),
  };
}

function emulatorTarget(): EmulatorTarget {
  return { origin: `http://127.0.0.1:${inject('authEmulatorPort')}`, projectId: TEST_FIREBASE_PROJECT_ID };
}

function emulatorUrl(apiPath: string): string {
  return `http://127.0.0.1:${inject('authEmulatorPort')}/identitytoolkit.googleapis.com/v1/${apiPath}?key=any`;
}

/**
 * A POST to the emulator's REST API. On a loaded machine the emulator sometimes closes a kept-alive socket just
 * as it is reused ("other side closed"): such a call never reached it, so it is sent once more.
 */
async function emulatorPost(apiPath: string, payload: unknown, headers: Record<string, string> = {}) {
  const send = () =>
    fetch(emulatorUrl(apiPath), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
    });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return send();
  }
}

async function emulatorAdmin(action: string, payload: unknown): Promise<void> {
  const response = await emulatorPost(`projects/${TEST_FIREBASE_PROJECT_ID}/${action}`, payload, {
    authorization: 'Bearer owner',
  });
  if (!response.ok) throw new Error(`emulator ${action} failed: ${await response.text()}`);
}

export async function emulatorSignUp(email = uniqueEmail(), password = TEST_PASSWORD): Promise<FirebaseAccount> {
  const response = await emulatorPost('accounts:signUp', { email, password, returnSecureToken: true });
  const body = (await response.json()) as {
    idToken?: string;
    localId?: string;
    error?: { message?: string };
  };
  if (body.error?.message === 'EMAIL_EXISTS') {
    // The first attempt did arrive after all (its answer was what got lost): the account is there.
    const signedIn = await emulatorPost('accounts:signInWithPassword', { email, password, returnSecureToken: true });
    const again = (await signedIn.json()) as { idToken?: string; localId?: string };
    if (again.idToken && again.localId) return { uid: again.localId, email, idToken: again.idToken };
  }
  if (!response.ok || !body.idToken || !body.localId)
    throw new Error(`emulator signUp failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, email, idToken: body.idToken };
}

export async function emulatorSignIn(email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await emulatorPost('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  const body = (await response.json()) as { idToken?: string };
  if (!response.ok || !body.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}
