import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import {
  findServicePath,
  parseServiceCategory,
  SERVICE_CATEGORIES,
  serviceCategoryName,
  serviceCategorySlug,
} from './service-category';

describe('service category URLs', () => {
  it('turns every category into a slug and back', () => {
    for (const category of SERVICE_CATEGORIES) {
      expect(parseServiceCategory(serviceCategorySlug(category))).toBe(category);
    }
    expect(serviceCategorySlug('IT Provider')).toBe('it-provider');
  });

  it('reads names in any case, and all', () => {
    expect(parseServiceCategory('Home Shifter')).toBe('Home Shifter');
    expect(parseServiceCategory('home shifter')).toBe('Home Shifter');
    expect(parseServiceCategory('ALL')).toBe('all');
  });

  it('answers undefined for anything else', () => {
    expect(parseServiceCategory('Gardener')).toBeUndefined();
    expect(parseServiceCategory('')).toBeUndefined();
  });

  it('builds find-service paths', () => {
    expect(findServicePath('Home Shifter')).toBe('/main/find-service/home-shifter');
    expect(findServicePath('all')).toBe('/main/find-service/all');
  });
});

describe('category names', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it("reads the spec's English names on an English page", () => {
    expect(SERVICE_CATEGORIES.map((category) => serviceCategoryName(category))).toEqual([...SERVICE_CATEGORIES]);
    expect(serviceCategoryName('all')).toBe('All Services');
  });

  it("reads the glossary's Bangla names on a Bangla page, or when asked for Bangla", () => {
    overwriteGetLocale(() => 'bn');
    expect(serviceCategoryName('Plumber')).toBe('প্লাম্বার');
    expect(serviceCategoryName('Home Shifter')).toBe('বাসা বদল');
    expect(serviceCategoryName('Plumber', 'en')).toBe('Plumber');
    overwriteGetLocale(() => 'en');
    expect(serviceCategoryName('Maid', 'bn')).toBe('গৃহকর্মী');
  });

  it('keeps English slugs in the addresses of a Bangla page', () => {
    overwriteGetLocale(() => 'bn');
    expect(findServicePath('IT Provider')).toBe('/main/find-service/it-provider');
  });
});
