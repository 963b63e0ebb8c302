/**
 * The languages Basha speaks and how a person's language is chosen: the one they picked (a cookie, so the server
 * can answer the first paint in it too), else the first of their phone's languages that Basha speaks, else
 * English. Shared by the browser, the service worker and the server; no DOM, no Node.
 */
export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers the language picked on this phone (read by the server for the first paint). */
export const LOCALE_COOKIE = 'basha-locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'bn';
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
