import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { genderName } from './gender-name';

describe('a stored gender on screen', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('reads in the page’s language, an unknown value as it is', () => {
    expect(genderName('Female')).toBe('Female');
    overwriteGetLocale(() => 'bn');
    expect([genderName('Male'), genderName('Female'), genderName('Other')]).toEqual(['পুরুষ', 'নারী', 'Other']);
  });
});
