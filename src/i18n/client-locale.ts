import { useSyncExternalStore } from 'react';
import { getLocale, overwriteGetLocale } from './generated/runtime.js';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  localeFromCookies,
  localeInfo,
  pickLocale,
  type Locale,
} from './locale';

/**
 * The language this page speaks. Chosen once at start-up (the picked language's cookie, else the phone's
 * languages), changed by the language switch; every message function asks it through Paraglide's `getLocale`.
 */
let activeLocale: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

export function startLocale(): Locale {
  activeLocale = localeFromCookies(document.cookie) ?? pickLocale(navigator.languages ?? [navigator.language]);
  overwriteGetLocale(() => activeLocale);
  showLocale(activeLocale);
  return activeLocale;
}

export function currentLocale(): Locale {
  return activeLocale;
}

/** Speaks `locale` from now on, on this page at once and on this phone from the next visit (the cookie). */
export function switchLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  if (locale === activeLocale) return;
  activeLocale = locale;
  showLocale(locale);
  for (const listener of listeners) listener();
}

/** The page's `<html lang>`, and its `dir` when the language is not written left to right (or was not). */
function showLocale(locale: Locale): void {
  const html = document.documentElement;
  html.lang = locale;
  const { dir } = localeInfo(locale);
  if (dir !== 'ltr' || html.hasAttribute('dir')) html.dir = dir;
}

/** Whether the person picked a language on this phone (the cookie), rather than it following the phone's. */
export function localeWasPicked(): boolean {
  return localeFromCookies(document.cookie) !== undefined;
}

/** Calls `listener` after each change of language; returns the unsubscribe. */
export function onLocaleSwitch(listener: () => void): () => void {
  return subscribe(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language of the page; a component using it renders again when the language changes. */
export function useLocale(): Locale {
  // Rendered to HTML at build time (the prerendered first screens), the language is the one the render was given.
  return useSyncExternalStore(subscribe, currentLocale, getLocale);
}
