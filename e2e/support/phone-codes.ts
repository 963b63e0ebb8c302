import { expect } from '@playwright/test';
import { E2E_ENV } from './stack';

/**
 * The SMS codes of the demo stack: the Auth emulator issues phone sign-in codes and lists them at
 * `GET /emulator/v1/projects/{projectId}/verificationCodes` (what stands in for the SMS). The test reads them there,
 * on the emulator's own port (the app's origin does not serve the emulator's pages).
 */
const EMULATOR_ORIGIN = `http://127.0.0.1:${E2E_ENV.FIREBASE_AUTH_EMULATOR_PORT}`;
const PROJECT_ID = 'demo-basha';

interface IssuedCode {
  phoneNumber: string;
  sessionInfo: string;
  code: string;
}

async function issuedCodes(phoneNumber: string): Promise<IssuedCode[]> {
  const response = await fetch(`${EMULATOR_ORIGIN}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`);
  if (!response.ok) throw new Error(`the emulator's codes could not be read: ${response.status}`);
  const body = (await response.json()) as { verificationCodes?: IssuedCode[] };
  return (body.verificationCodes ?? []).filter((issued) => issued.phoneNumber === phoneNumber);
}

/** Waits for the `count`-th code issued to the number (E.164, `+8801712345678`) and answers the newest one's code. */
export async function readPhoneCode(phoneNumber: string, count = 1): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const codes = await issuedCodes(phoneNumber);
        code = codes.length >= count ? codes.at(-1)?.code : undefined;
        return code;
      },
      { message: `an SMS code for ${phoneNumber}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** A Bangladesh mobile number no test used before: its national form (`017XXXXXXXX`) and E.164. */
export function newPhoneNumber(): { national: string; e164: string } {
  const national = `017${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { national, e164: `+880${national.slice(1)}` };
}
