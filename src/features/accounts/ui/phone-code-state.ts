/**
 * The SMS code on its way, remembered for this tab (issue 40): on Android, switching to the messages app often
 * reloads the page, and the code page must still know the number and the verification id the code is checked
 * against when the person comes back. Cleared once the code is used; after an hour it is forgotten (any code
 * is long expired by then), and the phone page starts again.
 */

/** The phone sign-in's steps after the number (./phone-page.tsx): the SMS code, and a new number's registration. */
export const PHONE_CODE_PATH = '/auth/phone/code';
export const PHONE_REGISTER_PATH = '/auth/phone/register';

export interface PendingPhoneCode {
  /** The number the code went to, in E.164 form (`+8801712345678`). */
  phoneNumber: string;
  /** Firebase's id of the sent code (signInWithPhoneNumber's verificationId). */
  verificationId: string;
  /** When it was sent (ms since the epoch): a new code may be asked for a while after. */
  sentAt: number;
}

const PENDING_CODE_KEY = 'basha.phoneCode';
/** Where the code to a number being added to one's account (./add-contact-page.tsx) is kept, apart from a sign-in's. */
export const LINK_CODE_KEY = 'basha.phoneLinkCode';
export const PENDING_CODE_KEPT_MS = 60 * 60 * 1000;

export function readPendingPhoneCode(now = Date.now(), key = PENDING_CODE_KEY): PendingPhoneCode | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<PendingPhoneCode> | null;
    if (
      typeof saved?.phoneNumber !== 'string' ||
      typeof saved.verificationId !== 'string' ||
      typeof saved.sentAt !== 'number' ||
      saved.sentAt > now ||
      now - saved.sentAt > PENDING_CODE_KEPT_MS
    ) {
      return undefined;
    }
    return { phoneNumber: saved.phoneNumber, verificationId: saved.verificationId, sentAt: saved.sentAt };
  } catch {
    return undefined; // no storage (a server render, private mode) or not ours
  }
}

export function rememberPendingPhoneCode(code: PendingPhoneCode | undefined, key = PENDING_CODE_KEY): void {
  try {
    if (code) sessionStorage.setItem(key, JSON.stringify(code));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage refused (private mode): the code page works until a reload, then the number is asked again.
  }
}
