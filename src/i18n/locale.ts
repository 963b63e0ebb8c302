/**
 * The languages Basha speaks, as data: this table is the one list of them. The language switch, the formatting
 * (./format.ts), the prerendered shells (scripts/build/first-screen-plugin.ts), the web app manifests
 * (scripts/build/web-app-manifest.ts), the server's pages and mails all read it; what a language needs beyond it
 * is keyed `Record<Locale, …>`, so a language added here and not there is a compile error (docs/i18n.md, "Adding a
 * language"). Outside src/i18n no code compares with a language's code (lint: basha/no-locale-comparison).
 *
 * And how a person's language is chosen: the one they picked (a cookie, so the server can answer the first paint in
 * it too), else the first of their phone's languages that Basha speaks, else English. Shared by the browser, the
 * service worker and the server; no DOM, no Node.
 */
export interface LocaleInfo {
  /** The language named in itself, as the language switch and the public pages' language links show it. */
  name: string;
  /** The language tag `Intl` formats and sorts with (./format.ts). */
  intl: string;
  /** The writing direction (`<html dir>`, the manifest's `dir`). */
  dir: 'ltr' | 'rtl';
  /** The digit zero of the script its numbers are shown in ('0' for Latin digits); the others follow it. */
  zeroDigit: string;
  /** Open Graph's name of the language (`og:locale`, on the public pages). */
  openGraph: string;
  /** Which of a place's names the language reads (the places hold an English and a Bangla name). */
  placeName: 'name' | 'bnName';
  /**
   * The faces its prerendered shells preload, as their files are named in the build (src/styles/fonts.css):
   * the faces of its script, which draw its first paint.
   */
  shellFonts: readonly string[];
}

/** Basha's languages, the default first. The language switch lists them as they come, the default last. */
const LOCALE_TABLE = {
  en: {
    name: 'English',
    intl: 'en',
    dir: 'ltr',
    zeroDigit: '0',
    openGraph: 'en_US',
    placeName: 'name',
    shellFonts: [],
  },
  bn: {
    name: 'বাংলা',
    intl: 'bn',
    dir: 'ltr',
    zeroDigit: '০',
    openGraph: 'bn_BD',
    placeName: 'bnName',
    // Both weights draw the first screen (the brand and the headings are 600). Found only by the style sheet, the 600
    // was asked for once the CSS was parsed, 70 to 100 ms after the 400, as a render-blocking request.
    shellFonts: ['noto-sans-bengali-bengali-400-normal', 'noto-sans-bengali-bengali-600-normal'],
  },
} as const satisfies Record<string, LocaleInfo>;

export type Locale = keyof typeof LOCALE_TABLE;
export const LOCALES = Object.keys(LOCALE_TABLE) as readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'en';

/** What Basha knows of a language. */
export function localeInfo(locale: Locale): LocaleInfo {
  return LOCALE_TABLE[locale];
}

/** A value for every language: `Record<Locale, T>` from a function of the language. */
export function perLocale<T>(value: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, value(locale)])) as Record<Locale, T>;
}

/** The `dir` attribute an element in the language needs: none for left to right, the default. */
export function dirAttribute(locale: Locale): string {
  const { dir } = localeInfo(locale);
  return dir === 'ltr' ? '' : ` dir="${dir}"`;
}

/** The cookie that remembers the language picked on this phone (read by the server for the first paint). */
export const LOCALE_COOKIE = 'basha-locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first language of the list Basha speaks ("bn-BD" is Bangla); English when none is. */
export function pickLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const primary = language.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** The languages of an Accept-Language header, most wanted first ("bn-BD,bn;q=0.9,en;q=0.5"). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 512)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      const quality = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language remembered in a Cookie header, if any. */
export function localeFromCookies(cookieHeader: string | null | undefined): Locale | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const [name, value] = pair.split('=');
    if (name?.trim() === LOCALE_COOKIE) {
      const locale = value?.trim();
      return isLocale(locale) ? locale : undefined;
    }
  }
  return undefined;
}

/** The language of a request: the one picked on the phone, else the phone's own languages. */
export function requestLocale(headers: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  return localeFromCookies(headers.cookie) ?? pickLocale(acceptedLanguages(headers.acceptLanguage));
}
