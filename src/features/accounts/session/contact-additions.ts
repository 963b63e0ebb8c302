import { HTTPError } from 'ky';
import type { UserRecord } from '@/domain/user';
import { linkEmailAndPassword, linkPhoneCode, unlinkProvider } from '@/lib/firebase-phone';
import { generateOtp } from '../api/otp';
import { profileWithEmail, saveProfile, verifyPhone } from '../api/add-contact';

/**
 * Adding a phone number or an e-mail to one's account (issue 40), in two places that must agree: the Firebase user
 * gets the new sign-in method, then Basha's record. When Basha refuses the addition (4xx: the number or address is
 * another account's), the Firebase user loses it again, so that no one signs in with a number or address the
 * account does not have; a lost connection keeps it, and trying again only asks Basha again.
 */

const refusedByBasha = (error: unknown) =>
  error instanceof HTTPError && error.response.status >= 400 && error.response.status < 500;

export interface ContactSteps {
  linkPhoneCode: typeof linkPhoneCode;
  linkEmailAndPassword: typeof linkEmailAndPassword;
  unlinkProvider: typeof unlinkProvider;
  verifyPhone: typeof verifyPhone;
  saveProfile: typeof saveProfile;
  generateOtp: typeof generateOtp;
}

const STEPS: ContactSteps = {
  linkPhoneCode,
  linkEmailAndPassword,
  unlinkProvider,
  verifyPhone,
  saveProfile,
  generateOtp,
};

/** The SMS code's number joins the Firebase user, then Basha's record with a fresh token: the server's words. */
export async function completePhoneAddition(
  userId: string,
  verificationId: string,
  code: string,
  steps: ContactSteps = STEPS,
): Promise<string> {
  const user = await steps.linkPhoneCode(verificationId, code);
  try {
    // A fresh token: the one from before the link holds no number.
    return (await steps.verifyPhone(userId, await user.getIdToken(true))).message;
  } catch (error) {
    if (refusedByBasha(error)) await steps.unlinkProvider('phone').catch(() => undefined);
    throw error;
  }
}

/** Thrown when the stored profile does not pass the edit form's rules: the edit page comes first. */
export class ProfileIncomplete extends Error {}

/**
 * An account made with a phone number adds an e-mail and a password (its second way to sign in), then the first
 * code is mailed, as after a registration; a code that cannot go now is offered again on the code page.
 */
export async function completeEmailAddition(
  record: UserRecord,
  email: string,
  password: string,
  steps: ContactSteps = STEPS,
): Promise<void> {
  const values = profileWithEmail(record, email);
  if (!values) throw new ProfileIncomplete('The profile does not pass the edit rules');
  await steps.linkEmailAndPassword(email, password);
  try {
    await steps.saveProfile(record._id, values);
  } catch (error) {
    if (refusedByBasha(error)) await steps.unlinkProvider('password').catch(() => undefined);
    throw error;
  }
  await steps
    .generateOtp(record._id)
    .catch((error: unknown) => console.info('The first code could not be mailed now', error));
}
