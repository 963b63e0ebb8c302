/**
 * Signing in with a phone number at the Firebase Auth emulator, as the web SDK does it: ask for a code
 * (`accounts:sendVerificationCode`), read it from the emulator's list of issued codes (what stands in for the SMS),
 * and sign in with it (`accounts:signInWithPhoneNumber`); with an ID token the same call links the number to that
 * account instead. No test runner in here: the route tests (server/test/emulator-auth.ts), the e2e support and
 * the client's helpers import it alike.
 */

export interface EmulatorTarget {
  /** The emulator's origin, `http://127.0.0.1:9099`. */
  origin: string;
  projectId: string;
}

export interface EmulatorPhoneSignIn {
  uid: string;
  /** E.164, as Firebase keeps it. */
  phoneNumber: string;
  idToken: string;
}

interface IssuedCode {
  phoneNumber: string;
  sessionInfo: string;
  code: string;
}

const apiUrl = (target: EmulatorTarget, action: string) =>
  `${target.origin}/identitytoolkit.googleapis.com/v1/${action}?key=any`;

async function post<T>(target: EmulatorTarget, action: string, payload: unknown): Promise<T> {
  const response = await fetch(apiUrl(target, action), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as T & { error?: { message?: string } };
  if (!response.ok || body.error) throw new Error(`emulator ${action} failed: ${JSON.stringify(body)}`);
  return body;
}

/** The codes the emulator has issued, newest last: `GET /emulator/v1/projects/{projectId}/verificationCodes`. */
export async function emulatorVerificationCodes(target: EmulatorTarget): Promise<IssuedCode[]> {
  const response = await fetch(`${target.origin}/emulator/v1/projects/${target.projectId}/verificationCodes`);
  if (!response.ok) throw new Error(`emulator verificationCodes failed: ${response.status}`);
  const body = (await response.json()) as { verificationCodes?: IssuedCode[] };
  return body.verificationCodes ?? [];
}

/** The newest code the emulator issued to this number (E.164), or undefined when it issued none. */
export async function latestPhoneCode(target: EmulatorTarget, phoneNumber: string): Promise<IssuedCode | undefined> {
  return (await emulatorVerificationCodes(target)).filter((issued) => issued.phoneNumber === phoneNumber).at(-1);
}

/**
 * Signs in with the number (E.164), making its account on first use; with `idToken`, links the number to that
 * signed-in account and answers the account's fresh token, which then holds `phone_number`.
 */
export async function emulatorPhoneSignIn(
  target: EmulatorTarget,
  phoneNumber: string,
  idToken?: string,
): Promise<EmulatorPhoneSignIn> {
  // The emulator takes any reCAPTCHA token; the SDK sends one (or, with app verification off, a fake one).
  const { sessionInfo } = await post<{ sessionInfo: string }>(target, 'accounts:sendVerificationCode', {
    phoneNumber,
    recaptchaToken: 'emulator',
  });
  const issued = (await emulatorVerificationCodes(target)).find((code) => code.sessionInfo === sessionInfo);
  if (!issued) throw new Error(`the emulator lists no code for ${phoneNumber}`);
  const signedIn = await post<{ idToken: string; localId: string; phoneNumber: string }>(
    target,
    'accounts:signInWithPhoneNumber',
    { sessionInfo, code: issued.code, ...(idToken ? { idToken } : {}) },
  );
  return { uid: signedIn.localId, phoneNumber: signedIn.phoneNumber ?? phoneNumber, idToken: signedIn.idToken };
}
