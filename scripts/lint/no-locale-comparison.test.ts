import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/locale';
import { formatsInI18n } from './formats-in-i18n.js';
import { localeCodes, noLocaleComparison } from './no-locale-comparison.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const options = [{ locales: ['en', 'bn'] }];
const comparison = [{ messageId: 'comparison' }];

tester.run('no-locale-comparison', noLocaleComparison, {
  valid: [
    { code: 'const name = place[localeInfo(locale).placeName] || place.name;', options },
    { code: 'if (locale === DEFAULT_LOCALE) go();', options },
    { code: 'if (locale === active) go();', options },
    // Data keyed by language is what the rule asks for: a Record<Locale, …> names every language.
    { code: "const JUST_NOW: Record<Locale, string> = { en: 'just now', bn: 'এইমাত্র' };", options },
    { code: "formatTaka(12500, 'bn');", options },
    // Words that only start like a code, and codes of languages Basha does not speak.
    { code: "if (kind === 'entry' || kind === 'bnb' || lang === 'fr') go();", options },
    { code: "switch (kind) { case 'area': break; }", options },
  ],
  invalid: [
    { code: "const digits = locale === 'bn' ? bangla : latin;", options, errors: comparison },
    { code: "if (getLocale() !== 'en') return;", options, errors: comparison },
    { code: "if ('bn' == locale) go();", options, errors: comparison },
    { code: 'if (locale != `en`) go();', options, errors: comparison },
    { code: "if (tag === 'bn-BD' || tag === 'en_US') go();", options, errors: [...comparison, ...comparison] },
    { code: "if (locale === 'BN') go();", options, errors: comparison },
    { code: "switch (locale) { case 'bn': break; default: break; }", options, errors: comparison },
    // A new language's code is refused as soon as the table has it.
    { code: "if (locale === 'hi') go();", options: [{ locales: ['en', 'bn', 'hi'] }], errors: comparison },
  ],
});

tester.run('formats-in-i18n', formatsInI18n, {
  valid: [
    { code: 'const text = formatTaka(amount);' },
    { code: 'let unit: Intl.RelativeTimeFormatUnit;' },
    { code: "const upper = name.toLocaleUpperCase('bn');" },
  ],
  invalid: [
    { code: "const f = new Intl.NumberFormat('en-BD');", errors: [{ messageId: 'intl' }] },
    { code: 'const d = new Intl.DateTimeFormat(tag).format(date);', errors: [{ messageId: 'intl' }] },
    { code: 'const s = amount.toLocaleString();', errors: [{ messageId: 'intl' }] },
    { code: "const s = date.toLocaleDateString('bn-BD');", errors: [{ messageId: 'intl' }] },
  ],
});

describe("the rule's language codes", () => {
  it('are the locale table’s, read from its source as eslint.config.js reads them', () => {
    const localeModule = fileURLToPath(new URL('../../src/i18n/locale.ts', import.meta.url));
    expect(localeCodes(localeModule)).toEqual([...LOCALES]);
  });
});
