/**
 * Whether someone has signed in on this phone (remembered in localStorage, kept after sign-out). Such a phone keeps
 * all of the app's code in its worker's cache and has the outbox worker (decision 0016, src/app/pwa/register-pwa.ts);
 * decoration may then load on mobile data, since the code is on the phone anyway (src/ui/motion/use-motion-kit.ts).
 * The key is the one the signed-in worker of earlier versions was registered by, so phones keep their answer.
 */
const SIGNED_IN_PHONE_KEY = 'basha.workerOutbox';

export function isSignedInPhone(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_PHONE_KEY) === 'on';
  } catch {
    return false; // storage blocked: as a visitor's phone
  }
}

export function markSignedInPhone(): void {
  try {
    localStorage.setItem(SIGNED_IN_PHONE_KEY, 'on');
  } catch {
    // Storage blocked: the phone is asked again at the next sign-in state change.
  }
}
