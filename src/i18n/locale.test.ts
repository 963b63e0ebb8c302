import { describe, expect, it } from 'vitest';
import { acceptedLanguages, localeFromCookies, pickLocale, requestLocale } from './locale';
import { toBanglaDigits, toLatinDigits } from './digits';

describe('choosing the language', () => {
  it('picks the first language Basha speaks', () => {
    expect(pickLocale(['bn-BD', 'en-US'])).toBe('bn');
    expect(pickLocale(['fr', 'bn'])).toBe('bn');
    expect(pickLocale(['en-GB', 'bn'])).toBe('en');
    expect(pickLocale(['de', 'fr'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });

  it('reads Accept-Language by quality, then order', () => {
    expect(acceptedLanguages('en;q=0.5, bn-BD, bn;q=0.9')).toEqual(['bn-BD', 'bn', 'en']);
    expect(acceptedLanguages('*, en;q=0')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('takes the cookie over the header, and ignores a cookie it does not know', () => {
    expect(localeFromCookies('a=1; basha-locale=bn')).toBe('bn');
    expect(localeFromCookies('basha-locale=fr')).toBeUndefined();
    expect(requestLocale({ cookie: 'basha-locale=en', acceptLanguage: 'bn' })).toBe('en');
    expect(requestLocale({ cookie: 'basha-locale=xx', acceptLanguage: 'bn' })).toBe('bn');
    expect(requestLocale({})).toBe('en');
  });
});

describe('digits', () => {
  it('turns Latin digits into Bangla and back', () => {
    expect(toBanglaDigits('12,500 in 2026')).toBe('১২,৫০০ in ২০২৬');
    expect(toLatinDigits('১২০০০')).toBe('12000');
    expect(toLatinDigits('৳১২,৫০০ and 7')).toBe('৳12,500 and 7');
  });
});
