import {
  emulatorPhoneSignIn,
  latestPhoneCode,
  type EmulatorPhoneSignIn,
  type EmulatorTarget,
} from '../../server/test/emulator-phone';
import { E2E_ENV } from './stack';

/**
 * Phone sign-in in the end-to-end stack (issue 40): its Auth emulator issues the codes a phone would get by SMS
 * and lists them; the steps are server/test/emulator-phone.ts's, shared with the server's tests.
 */

export const E2E_EMULATOR: EmulatorTarget = {
  origin: `http://127.0.0.1:${E2E_ENV.FIREBASE_AUTH_EMULATOR_PORT}`,
  // The stack's project (server/config/env.ts: demo-basha unless FIREBASE_PROJECT_ID says otherwise).
  projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-basha',
};

/**
 * The code the emulator issued to the number (E.164, `+8801711000001`) after `issuedBefore` codes, as the page's
 * "Send code" asked for it: waits up to 10 s for it to be listed.
 */
export async function smsCodeFor(phoneNumber: string, issuedBefore?: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const issued = await latestPhoneCode(E2E_EMULATOR, phoneNumber);
    if (issued && issued.sessionInfo !== issuedBefore) return issued.code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the Auth emulator issued no code to ${phoneNumber}`);
}

/** The sign-in session of the newest code issued to the number, to tell a later code from it (smsCodeFor). */
export async function lastSmsSession(phoneNumber: string): Promise<string | undefined> {
  return (await latestPhoneCode(E2E_EMULATOR, phoneNumber))?.sessionInfo;
}

/** Signs in by phone without a page (a phone-only account's ID token), or links the number to `idToken`'s account. */
export function phoneSignInByApi(phoneNumber: string, idToken?: string): Promise<EmulatorPhoneSignIn> {
  return emulatorPhoneSignIn(E2E_EMULATOR, phoneNumber, idToken);
}

/** A Bangladesh mobile number no test used before: its national form (`017XXXXXXXX`) and E.164. */
export function newPhoneNumber(): { national: string; e164: string } {
  const national = `017${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { national, e164: `+880${national.slice(1)}` };
}
