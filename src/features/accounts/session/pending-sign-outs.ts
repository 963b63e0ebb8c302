import { HTTPError } from 'ky';
import { revokeServerSession } from '../api/sign-out';

/**
 * Sign-outs the server has not heard of yet (issue 24, point 13). Signing out offline ends the session on the
 * phone at once, but its token would stay valid on the server for up to 14 days: anyone who copied it (a shared
 * phone, a browser backup) could go on using it. So the token is kept here until the phone is next online, and
 * then revoked. Kept only as long as needed, and only tokens that have already left the cookies.
 */

const PENDING_SIGN_OUTS_KEY = 'basha.pendingSignOuts';
// A phone signed out offline a few times at most; beyond this the oldest are dropped (they expire anyway).
const MAX_PENDING = 10;

function readPending(): string[] {
  try {
    const saved = JSON.parse(localStorage.getItem(PENDING_SIGN_OUTS_KEY) ?? '[]') as unknown;
    return Array.isArray(saved) ? saved.filter((token): token is string => typeof token === 'string') : [];
  } catch {
    return [];
  }
}

function writePending(tokens: string[]): void {
  try {
    if (tokens.length === 0) localStorage.removeItem(PENDING_SIGN_OUTS_KEY);
    else localStorage.setItem(PENDING_SIGN_OUTS_KEY, JSON.stringify(tokens.slice(-MAX_PENDING)));
  } catch {
    // Storage refused: the session still ends on the phone, and on the server after its 14 days.
  }
}

/**
 * Whether the server's answer means the session is gone there (revoked, expired, unknown: any 4xx), so there is
 * nothing left to do; otherwise (no connection, a time-out, a server fault) it must be tried again.
 */
function settled(error: unknown): boolean {
  return error instanceof HTTPError && error.response.status >= 400 && error.response.status < 500;
}

/** Revokes the session of `token` on the server now, or remembers it for when the phone is next online. */
export async function revokeOrRemember(token: string | undefined): Promise<void> {
  // Known to be offline: no call that could hang on a half-dead connection while the person waits to sign out.
  if (token && navigator.onLine === false) return remember(token);
  try {
    await revokeServerSession(token);
  } catch (error) {
    if (token && !settled(error)) remember(token);
  }
}

function remember(token: string): void {
  writePending([...readPending().filter((saved) => saved !== token), token]);
}

let flushing: Promise<void> | undefined;

/** Revokes every remembered session; those the server cannot be reached for stay for the next try. */
export function flushPendingSignOuts(): Promise<void> {
  flushing ??= (async () => {
    for (const token of readPending()) {
      try {
        await revokeServerSession(token);
      } catch (error) {
        if (!settled(error)) continue;
      }
      writePending(readPending().filter((saved) => saved !== token));
    }
  })().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

export function hasPendingSignOuts(): boolean {
  return readPending().length > 0;
}

/** Revokes remembered sessions now and whenever the connection returns; answers the function that stops it. */
export function startPendingSignOuts(): () => void {
  const onOnline = () => void flushPendingSignOuts();
  window.addEventListener('online', onOnline);
  if (hasPendingSignOuts()) void flushPendingSignOuts();
  return () => window.removeEventListener('online', onOnline);
}
