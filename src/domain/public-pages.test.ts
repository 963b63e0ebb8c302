import { describe, expect, it } from 'vitest';
import { hasPublicProviderPage, hasPublicRentPage, publicPagePath } from './public-pages';

describe('which listings have a public page to share', () => {
  it('a provider with an active service; not one whose services are all inactive, nor one with none', () => {
    expect(hasPublicProviderPage([{ status: 'inactive' }, { status: 'active' }])).toBe(true);
    expect(hasPublicProviderPage([{ status: 'inactive' }])).toBe(false);
    expect(hasPublicProviderPage([])).toBe(false);
  });

  it('an Active ad that is listed; not a Booked or an unlisted one', () => {
    expect(hasPublicRentPage({ status: 'Active', unlistedAt: null })).toBe(true);
    expect(hasPublicRentPage({ status: 'Active' })).toBe(true);
    expect(hasPublicRentPage({ status: 'Booked', unlistedAt: null })).toBe(false);
    expect(hasPublicRentPage({ status: 'Active', unlistedAt: '2026-11-01T00:00:00.000Z' })).toBe(false);
  });
});

describe('a shared public page’s address', () => {
  it('carries the sharer’s language, whichever it is', () => {
    expect(publicPagePath('/rent/abc', 'bn')).toBe('/rent/abc?lang=bn');
    expect(publicPagePath('/pros/abc', 'en')).toBe('/pros/abc?lang=en');
  });
});
