import type { SavedKind } from '@/domain/saved';

/**
 * "Act, then sign in, then carry on" (issue 40, point 2): what a visitor was doing when they were asked to sign in,
 * kept in this tab (sessionStorage) with the page it was done on. The sign-in pages bring the person back to that
 * page (`state.from`), where the part that was acted on finds its action here and completes it, once, for the person
 * now signed in. An action waits half an hour: a sign-in abandoned and a later visit do not act out of the blue.
 */

export type ActionAfterSignIn =
  | { type: 'save'; kind: SavedKind; id: string }
  /** The report sheet of this item opens again: the reasons are chosen signed in. */
  | { type: 'report'; kind: string; targetId: string }
  /** The request sheet of this listing opens again (issue 41): the job or visit is asked for signed in. */
  | { type: 'request'; kind: string; listingId: string }
  /** The conversation about this listing opens (issue 42). */
  | { type: 'message'; kind: string; listingId: string }
  /** The "Alert me" sheet of this list opens again (issue 43), with the filters its address holds. */
  | { type: 'alert'; kind: string };

interface Kept {
  path: string;
  action: ActionAfterSignIn;
  at: number;
}

const KEY = 'basha.afterSignIn';
export const ACTION_AFTER_SIGN_IN_TTL_MS = 30 * 60 * 1000;

export function rememberForAfterSignIn(path: string, action: ActionAfterSignIn, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, action, at: now } satisfies Kept));
  } catch {
    // Storage blocked: the person comes back to the page and taps again.
  }
}

function read(): Kept | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Kept> | null;
    if (typeof kept?.path !== 'string' || typeof kept.at !== 'number' || typeof kept.action !== 'object')
      return undefined;
    return kept as Kept;
  } catch {
    return undefined;
  }
}

/**
 * The action kept for `path` that `wanted` recognises, removed as it is answered (it completes once); undefined when
 * there is none, it was kept for another page, or it waited too long (then it goes).
 */
export function takeActionAfterSignIn(
  path: string,
  wanted: (action: ActionAfterSignIn) => boolean,
  now = Date.now(),
): ActionAfterSignIn | undefined {
  const kept = read();
  if (!kept) return undefined;
  const stale = now - kept.at > ACTION_AFTER_SIGN_IN_TTL_MS || kept.at > now;
  if (!stale && (kept.path !== path || !wanted(kept.action))) return undefined;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to remove.
  }
  return stale ? undefined : kept.action;
}
