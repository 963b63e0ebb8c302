import type { User } from 'firebase/auth';
import { firebaseAuthModule, getFirebaseAuth } from './firebase';

// Phone sign-in (issue 40), apart from ./firebase.ts, which every page loads with the session: only the phone page
// loads this.

/**
 * Sends a sign-in code by SMS to a number in E.164 form (`+8801712345678`) and answers the verification id the code
 * is checked against. `container` is an element of the page for the invisible reCAPTCHA that Firebase requires in
 * production (in the demo stack the SDK's mock: ./firebase.ts turns app verification off with the emulator); it is cleared again once the code is asked for.
 */
export async function sendPhoneSignInCode(phoneNumber: string, container: HTMLElement): Promise<string> {
  const [auth, { RecaptchaVerifier, signInWithPhoneNumber }] = await Promise.all([
    getFirebaseAuth(),
    firebaseAuthModule(),
  ]);
  const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    return (await signInWithPhoneNumber(auth, phoneNumber, verifier)).verificationId;
  } finally {
    verifier.clear();
  }
}

/** Signs in with the code an SMS brought, for the verification id sendPhoneSignInCode answered. */
export async function signInWithPhoneCode(verificationId: string, code: string): Promise<User> {
  const [auth, { PhoneAuthProvider, signInWithCredential }] = await Promise.all([
    getFirebaseAuth(),
    firebaseAuthModule(),
  ]);
  return (await signInWithCredential(auth, PhoneAuthProvider.credential(verificationId, code))).user;
}

/** The Firebase user signed in on this phone once Firebase has read its saved state (after a reload), or null. */
export async function currentFirebaseUser(): Promise<User | null> {
  const auth = await getFirebaseAuth();
  await auth.authStateReady();
  return auth.currentUser;
}
