import Cookies from 'js-cookie';
import { COOKIE_SELF_ID, COOKIE_SELF_TOKEN, SESSION_LIFETIME_DAYS } from '@/domain/constants';

/** The two session cookies of the accounts spec: the signed-in user's own id and Basha's session token. */

function cookieOptions(): Cookies.CookieAttributes {
  return { expires: SESSION_LIFETIME_DAYS, sameSite: 'Lax', secure: window.location.protocol === 'https:', path: '/' };
}

export function readSession(): { userId: string; token: string } | undefined {
  const userId = Cookies.get(COOKIE_SELF_ID);
  const token = Cookies.get(COOKIE_SELF_TOKEN);
  return userId && token ? { userId, token } : undefined;
}

export function readSessionToken(): string | undefined {
  return Cookies.get(COOKIE_SELF_TOKEN);
}

export function writeSession(userId: string, token: string): void {
  Cookies.set(COOKIE_SELF_ID, userId, cookieOptions());
  Cookies.set(COOKIE_SELF_TOKEN, token, cookieOptions());
}

export function clearSession(): void {
  Cookies.remove(COOKIE_SELF_ID, { path: '/' });
  Cookies.remove(COOKIE_SELF_TOKEN, { path: '/' });
}
