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

const hasProvider = (user: User, providerId: string) =>
  user.providerData.some((info) => info.providerId === providerId);

/** The signed-in Firebase user, or an error that says the sign-in has to be done again (it was lost on this phone). */
async function signedInUser(): Promise<User> {
  const user = await currentFirebaseUser();
  if (!user) throw Object.assign(new Error('No Firebase sign-in on this phone'), { code: 'auth/user-token-expired' });
  return user;
}

/**
 * Sends a code by SMS to a number the signed-in person adds to their account (issue 40: an e-mail account proves a
 * phone), and answers the verification id, as sendPhoneSignInCode does for a sign-in.
 */
export async function sendPhoneLinkCode(phoneNumber: string, container: HTMLElement): Promise<string> {
  const [auth, user, { RecaptchaVerifier, linkWithPhoneNumber, unlink }] = await Promise.all([
    getFirebaseAuth(),
    signedInUser(),
    firebaseAuthModule(),
  ]);
  // The page is offered only while Basha knows no proven number: a number on the Firebase user is the leftover of
  // an addition Basha never heard of (the connection dropped), and Firebase links one number at most.
  if (hasProvider(user, 'phone')) await unlink(user, 'phone');
  const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    return (await linkWithPhoneNumber(user, phoneNumber, verifier)).verificationId;
  } finally {
    verifier.clear();
  }
}

/** Adds the number of the code to the signed-in Firebase user: its next ID token holds `phone_number`. */
export async function linkPhoneCode(verificationId: string, code: string): Promise<User> {
  const [user, { PhoneAuthProvider, linkWithCredential }] = await Promise.all([signedInUser(), firebaseAuthModule()]);
  return (await linkWithCredential(user, PhoneAuthProvider.credential(verificationId, code))).user;
}

/** Adds an e-mail and password to the signed-in Firebase user (an account made with a phone number, issue 40). */
export async function linkEmailAndPassword(email: string, password: string): Promise<User> {
  const [user, { EmailAuthProvider, linkWithCredential, unlink }] = await Promise.all([
    signedInUser(),
    firebaseAuthModule(),
  ]);
  // As for a number: offered only while Basha knows no address, so a password here is a leftover.
  if (hasProvider(user, 'password')) await unlink(user, 'password');
  return (await linkWithCredential(user, EmailAuthProvider.credential(email, password))).user;
}

/** Takes a sign-in method off the signed-in Firebase user again (`phone`, `password`), when Basha refused its addition. */
export async function unlinkProvider(providerId: 'phone' | 'password'): Promise<void> {
  const [user, { unlink }] = await Promise.all([signedInUser(), firebaseAuthModule()]);
  await unlink(user, providerId);
}
