/**
 * The demo stack's stand-in for SMS (issue 40): the Auth emulator sends no text messages, it lists the sign-in
 * codes it issued at `GET /emulator/v1/projects/{projectId}/verificationCodes`. The start banner names that list,
 * and this prints each new code in the terminal that runs Basha, so that whoever signs in with a phone number
 * reads the code where they started the app.
 */

export interface IssuedPhoneCode {
  phoneNumber: string;
  sessionInfo: string;
  code: string;
}

export function phoneCodesUrl(emulator: { host: string; port: number }, projectId: string): string {
  return `http://${emulator.host}:${emulator.port}/emulator/v1/projects/${projectId}/verificationCodes`;
}

/** The codes of `issued` not seen before (each code has a sign-in session of its own), remembered in `seen`. */
export function newPhoneCodes(issued: readonly IssuedPhoneCode[], seen: Set<string>): IssuedPhoneCode[] {
  const fresh = issued.filter((code) => !seen.has(code.sessionInfo));
  for (const code of fresh) seen.add(code.sessionInfo);
  return fresh;
}

export function phoneCodeLine(code: IssuedPhoneCode): string {
  return `  SMS code for ${code.phoneNumber}: ${code.code}  (the Auth emulator's stand-in for a text message)`;
}

/** Prints each code the emulator issues from now on, checking its list every `intervalMs`; answers a stop. */
export function printPhoneCodes(url: string, print: (line: string) => void, intervalMs = 1000): () => void {
  const seen = new Set<string>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (response.ok) {
        const body = (await response.json()) as { verificationCodes?: IssuedPhoneCode[] };
        for (const code of newPhoneCodes(body.verificationCodes ?? [], seen)) print(phoneCodeLine(code));
      }
    } catch {
      // The emulator is starting or stopping: the next check tries again.
    }
    if (!stopped) timer = setTimeout(() => void check(), intervalMs);
  };
  void check();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
