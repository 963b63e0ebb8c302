import { describe, expect, it } from 'vitest';
import { findServicePath, parseServiceCategory, SERVICE_CATEGORIES, serviceCategorySlug } from './service-category';

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
