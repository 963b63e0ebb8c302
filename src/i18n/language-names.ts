import type { Locale } from './locale';

/**
 * Each language named in itself, so a person finds theirs whatever the page speaks now. The Bangla name is drawn
 * on English pages too, from a face cut to its letters (scripts/fonts/faces.ts): regenerate the faces when a
 * name changes (a test compares them).
 */
export const LANGUAGE_NAMES: ReadonlyArray<{ locale: Locale; name: string }> = [
  { locale: 'bn', name: 'বাংলা' },
  { locale: 'en', name: 'English' },
];
