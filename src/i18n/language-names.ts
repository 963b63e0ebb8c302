import { DEFAULT_LOCALE, LOCALES, localeInfo, type Locale } from './locale';

/**
 * Each language named in itself (./locale.ts), so a person finds theirs whatever the page speaks now: Basha's
 * languages of Bangladesh first, the default (English) last. The Bangla name is drawn on English pages too, from a
 * face cut to its letters (scripts/fonts/faces.ts): regenerate the faces when a name changes (a test compares them).
 */
export const LANGUAGE_NAMES: ReadonlyArray<{ locale: Locale; name: string }> = [
  ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE),
  DEFAULT_LOCALE,
].map((locale) => ({ locale, name: localeInfo(locale).name }));
