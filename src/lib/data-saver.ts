import { DATA_SAVER_COOKIE, DATA_SAVER_COOKIE_MAX_AGE_S, dataSaverFromCookies } from '@/domain/data-saver';

/**
 * What the phone says about its connection (the Network Information API, in Chromium-based browsers) and the
 * in-app data saver, remembered on the phone: in localStorage, and in a cookie the server reads to prerender the
 * landing page's first screen with the small hero (src/domain/data-saver.ts). Read when needed; nothing happens
 * on import.
 */

export const DATA_SAVER_KEY = 'basha.dataSaver';

function connection(): { saveData: boolean; type: string | undefined } {
  // Not in TypeScript's DOM library: read as the untyped property it is and checked field by field.
  const found: unknown =
    typeof navigator !== 'undefined' && 'connection' in navigator ? Reflect.get(navigator, 'connection') : undefined;
  if (typeof found !== 'object' || found === null) return { saveData: false, type: undefined };
  const saveData: unknown = Reflect.get(found, 'saveData');
  const type: unknown = Reflect.get(found, 'type');
  return { saveData: saveData === true, type: typeof type === 'string' ? type : undefined };
}

function cookieSaysOn(): boolean {
  return typeof document !== 'undefined' && dataSaverFromCookies(document.cookie);
}

/** Basha's own data saver, as set on this phone. */
export function inAppDataSaver(): boolean {
  try {
    return localStorage.getItem(DATA_SAVER_KEY) === 'on' || cookieSaysOn();
  } catch {
    return cookieSaysOn(); // storage blocked: the cookie still tells
  }
}

/** The cookie that tells the server, kept in step with the switch. */
export function mirrorDataSaverCookie(on: boolean): void {
  if (typeof document === 'undefined' || cookieSaysOn() === on) return;
  document.cookie = on
    ? `${DATA_SAVER_COOKIE}=on; Path=/; Max-Age=${DATA_SAVER_COOKIE_MAX_AGE_S}; SameSite=Lax`
    : `${DATA_SAVER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** Turns Basha's own data saver on or off, remembered on this phone (and told to the server). */
export function setInAppDataSaver(on: boolean): void {
  mirrorDataSaverCookie(on);
  try {
    if (on) localStorage.setItem(DATA_SAVER_KEY, 'on');
    else localStorage.removeItem(DATA_SAVER_KEY);
  } catch {
    // storage blocked: the cookie carries the choice
  }
}

/** True when the phone's data saver (Save-Data) or Basha's own is on. */
export function savingData(): boolean {
  return inAppDataSaver() || connection().saveData;
}

/** `wifi`, `ethernet`, `cellular`, ... or undefined where the browser does not say. */
export function connectionType(): string | undefined {
  return connection().type;
}
