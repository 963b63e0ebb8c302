import { isSignedInPhone } from './signed-in-phone';

/**
 * Whose data this phone holds (docs/security.md, "Signing out of a shared phone"). What the app keeps of a person:
 * - the copies of records they were answered (basha-viewed, keyed by viewer: their own record with e-mail, phone,
 *   street, date of birth and NID, and others' profiles and ads as a signed-in person sees them);
 * - their saved listings and the photos kept for them (basha-saved, by owner, and the basha-saved-photos cache);
 * - their half-typed rent ads and service offers with the photos chosen for them (basha-drafts, by owner);
 * - their posts waiting in the outbox (basha-outbox, by owner).
 * - this device's push subscription, made when they turned notifications on (issue 43): it ends with them.
 * Pages read each of these only for the person signed in now. Besides, whenever the person on the phone changes
 * (every way a session ends, and another account signing in), `keepOnlyPersonData` removes every other person's
 * copies, saved items and drafts, and is awaited before the next person is let in. Outbox items are not removed: they are
 * posts not yet made, and a post is never lost; they are shown and sent only to their owner's session (the outbox
 * lists, the badge, the processor and the service worker filter by owner), and an explicit sign-out asks what to do
 * with them (src/ui/sign-out-button.tsx).
 *
 * Which person's data may be here is remembered in localStorage, so a visitor's phone never opens a database only to
 * find it empty. Copies read by visitors (VISITOR_VIEWER) are nobody's in particular and stay.
 */

const PERSON_ON_PHONE_KEY = 'basha.personOnPhone';
/** The remembered answer when no one's data is on the phone. */
const NOBODY = '-';

/** Whose data may be on the phone: a person's id, nobody, or 'unknown' (an app from before this was remembered). */
function personOnPhone(): string | undefined | 'unknown' {
  let saved: string | null;
  try {
    saved = localStorage.getItem(PERSON_ON_PHONE_KEY);
  } catch {
    return 'unknown'; // Storage blocked: clear, to be safe.
  }
  if (saved === NOBODY) return undefined;
  if (saved !== null) return saved;
  // Never remembered: someone signed in here with an older app, whose data may be here, or no one ever did.
  return isSignedInPhone() ? 'unknown' : undefined;
}

function rememberPersonOnPhone(person: string | undefined): void {
  try {
    localStorage.setItem(PERSON_ON_PHONE_KEY, person ?? NOBODY);
  } catch {
    // Storage blocked: the next call clears again.
  }
}

let running: Promise<unknown> = Promise.resolve();

/**
 * Leaves on the phone only the data of `current` (the person signed in now, or undefined for nobody): every other
 * person's copies of viewed records, saved items (with their photos) and drafts go. Answers whether another person's data
 * may have been here. Calls run one after another; a failed one leaves the phone marked for the next to try again.
 */
export function keepOnlyPersonData(current: string | undefined): Promise<boolean> {
  const run = running.then(async () => {
    const previous = personOnPhone();
    if (previous === current || previous === undefined) {
      rememberPersonOnPhone(current);
      return false;
    }
    const { removeDataOfOthersThan } = await import('./remove-others-data');
    await removeDataOfOthersThan(current);
    rememberPersonOnPhone(current);
    return true;
  });
  running = run.catch(() => undefined);
  return run;
}
