import type { User } from 'firebase/auth';
import { signOutOfFirebase } from '@/lib/firebase';
import { findUserIdByPhone } from '../api/find-user-id';
import { completeSession } from './session-flows';

/**
 * After an SMS code (issue 40): the Basha account of the Firebase user's verified number gets its session, as a
 * sign-in with a password does ('signed-in'); a number no account has yet answers 'new-number', and the Firebase
 * user stays signed in for the phone registration form that comes next (/auth/phone/register). Kept apart from
 * session-flows.ts so that the sign-in page does not load it.
 */
export async function completePhoneSignIn(user: User): Promise<'signed-in' | 'new-number'> {
  try {
    if (!user.phoneNumber) throw new Error('A phone sign-in without a phone number');
    const userId = await findUserIdByPhone(user.phoneNumber, await user.getIdToken());
    if (userId === undefined) return 'new-number';
    await completeSession(user, userId);
    return 'signed-in';
  } catch (error) {
    // As after a password: no Firebase sign-in is left behind without a Basha session.
    await signOutOfFirebase().catch(() => undefined);
    throw error;
  }
}
