import type { Auth, User } from 'firebase/auth';
import { loadRuntimeConfig } from './runtime-config';

/**
 * Firebase Auth, loaded on first use so that pages which never touch sign-in do not pay for it.
 * With a `demo-` project the server proxies the Auth emulator on our own origin.
 */

let authPromise: Promise<Auth> | undefined;

export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= (async () => {
    const [config, { initializeApp }, authModule] = await Promise.all([
      loadRuntimeConfig(),
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    const app = initializeApp({
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
      ...(config.firebase.appId ? { appId: config.firebase.appId } : {}),
    });
    const auth = authModule.initializeAuth(app, {
      persistence: [authModule.indexedDBLocalPersistence, authModule.browserLocalPersistence],
    });
    if (config.firebase.emulatorUrl) {
      authModule.connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });
      // The emulator issues phone codes without reCAPTCHA: the SDK's RecaptchaVerifier then uses its mock and
      // loads nothing from Google (the page's CSP would refuse it anyway).
      auth.settings.appVerificationDisabledForTesting = true;
    }
    return auth;
  })().catch((error: unknown) => {
    authPromise = undefined;
    throw error;
  });
  return authPromise;
}

export const firebaseAuthModule = () => import('firebase/auth');

export async function watchFirebaseUser(onChange: (user: User | null) => void): Promise<() => void> {
  const [auth, { onAuthStateChanged }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
  return onAuthStateChanged(auth, onChange);
}

export async function createFirebaseAccount(email: string, password: string): Promise<User> {
  const [auth, { createUserWithEmailAndPassword }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
  return (await createUserWithEmailAndPassword(auth, email, password)).user;
}

export async function signInToFirebase(email: string, password: string): Promise<User> {
  const [auth, { signInWithEmailAndPassword }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
  return (await signInWithEmailAndPassword(auth, email, password)).user;
}

export async function signOutOfFirebase(): Promise<void> {
  const [auth, { signOut }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
  await signOut(auth);
}

/**
 * The e-mail address a mailed password-reset code belongs to; rejects when the code is unknown, used or expired.
 * (Basha mails the code itself, POST /user/reset-password; Firebase's own reset mail is not used.)
 */
export async function checkPasswordResetCode(oobCode: string): Promise<string> {
  const [auth, { verifyPasswordResetCode }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
  return verifyPasswordResetCode(auth, oobCode);
}

/** Sets the new password with a mailed reset code; Firebase then ends the account's earlier sign-ins. */
export async function setPasswordWithResetCode(oobCode: string, newPassword: string): Promise<void> {
  const [auth, { confirmPasswordReset }] = await Promise.all([getFirebaseAuth(), firebaseAuthModule()]);
  await confirmPasswordReset(auth, oobCode, newPassword);
}

/** The Firebase error code of a failed call (`auth/wrong-password`), or undefined. */
export function firebaseErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}
