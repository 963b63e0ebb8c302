import Cookies from 'js-cookie';
import { COOKIE_SELF_ID, COOKIE_SELF_TOKEN, SESSION_LIFETIME_DAYS } from '@/domain/constants';
import type { SyncViewer } from '@/domain/sync-pages';

/** The two session cookies of the accounts spec: the signed-in user's own id and Basha's session token. */

export interface Session {
  userId: string;
  token: string;
}

function cookieOptions(): Cookies.CookieAttributes {
  return { expires: SESSION_LIFETIME_DAYS, sameSite: 'Lax', secure: location.protocol === 'https:', path: '/' };
}

/**
 * The session a service worker read for one run of the outbox (it has no `document.cookie`), or 'cookies' where
 * the document's cookies are read each time (pages).
 */
let heldSession: Session | undefined | 'cookies' = 'cookies';

export function readSession(): Session | undefined {
  if (heldSession !== 'cookies') return heldSession;
  const userId = Cookies.get(COOKIE_SELF_ID);
  const token = Cookies.get(COOKIE_SELF_TOKEN);
  return userId && token ? { userId, token } : undefined;
}

export function readSessionToken(): string | undefined {
  return heldSession === 'cookies' ? Cookies.get(COOKIE_SELF_TOKEN) : heldSession?.token;
}

/**
 * For the service worker, which has no `document.cookie`: the session it read from the same two cookies through the
 * Cookie Store API (src/lib/outbox/send-in-background.ts), held until `releaseSession()` so that the outbox and the
 * API client of one Background Sync run act as the person signed in now.
 */
export function holdSession(session: Session | undefined): void {
  heldSession = session;
}

/** Back to reading the document's cookies (the run is over). */
export function releaseSession(): void {
  heldSession = 'cookies';
}

export function writeSession(userId: string, token: string): void {
  Cookies.set(COOKIE_SELF_ID, userId, cookieOptions());
  Cookies.set(COOKIE_SELF_TOKEN, token, cookieOptions());
}

export function clearSession(): void {
  Cookies.remove(COOKIE_SELF_ID, { path: '/' });
  Cookies.remove(COOKIE_SELF_TOKEN, { path: '/' });
}

/** Whom the server answers this phone's calls: the API client sends the session token when there is one. */
export function currentViewer(): SyncViewer {
  return readSession() ? 'member' : 'visitor';
}
