import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from './locale';

// Paraglide falls back to the base language for a message a catalog lacks, silently: a language added to the
// locale table without its words would show English. These checks make a missing catalog or message a failure.
const root = fileURLToPath(new URL('../..', import.meta.url));
const settings = JSON.parse(readFileSync(`${root}/project.inlang/settings.json`, 'utf8')) as {
  baseLocale: string;
  locales: string[];
  'plugin.inlang.messageFormat': { pathPattern: string[] };
};
const patterns = settings['plugin.inlang.messageFormat'].pathPattern;
const keysOf = (pattern: string, locale: string) => {
  const file = `${root}/${pattern.replace('{locale}', locale)}`;
  if (!existsSync(file)) return undefined;
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return Object.keys(catalog)
    .filter((key) => key !== '$schema')
    .sort();
};

describe('the message catalogs', () => {
  it('are compiled for the languages of the locale table, the default as the base', () => {
    expect(settings.locales).toEqual([...LOCALES]);
    expect(settings.baseLocale).toBe(DEFAULT_LOCALE);
  });

  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))('hold every message in %s', (locale) => {
    for (const pattern of patterns) {
      expect([pattern, keysOf(pattern, locale)]).toEqual([pattern, keysOf(pattern, DEFAULT_LOCALE)]);
    }
  });
});
