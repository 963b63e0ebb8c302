import { expect } from '@playwright/test';
import { MAILDEV_URL } from './stack';

interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  date: string;
  to: { address: string }[];
}

/** Every mail maildev caught for the address, newest first. */
export async function mailsFor(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAILDEV_URL}/email`);
  const mails = (await response.json()) as CaughtMail[];
  return mails
    .filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

/** Waits for the `count`-th verification mail to the address and returns its 6-digit code. */
export async function readOtp(address: string, count = 1): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsFor(address);
        code = mails.length >= count ? /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1] : undefined;
        return code;
      },
      { message: `an OTP mail for ${address}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}
