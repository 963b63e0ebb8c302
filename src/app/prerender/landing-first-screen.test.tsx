import { describe, expect, it } from 'vitest';
import { getLocale } from '@/i18n/generated/runtime.js';
import { findServicePath, SERVICE_CATEGORIES } from '@/domain/service-category';
import { listFirstScreens, renderLandingFirstScreen, renderListFirstScreen, shellHead } from './landing-first-screen';

describe('the landing page’s prerendered first screen', () => {
  it('is rendered in the language asked for, and leaves the runtime’s language as it was', () => {
    const before = getLocale();
    const bangla = renderLandingFirstScreen('bn');
    expect(bangla).toContain('ঘরের সেবা এখন সহজ, জীবন আরও আরামের');
    expect(bangla).toContain('ভাড়ার বিজ্ঞাপন পোস্ট করুন');
    expect(bangla).not.toContain('Making Home Service');
    expect(getLocale()).toBe(before);
    const english = renderLandingFirstScreen('en');
    expect(english).toContain('Making Home Service Seamless and Living Easy');
    expect(english).toContain('Skip to content');
  });

  it('has a head in each language', () => {
    expect(shellHead('en').title).toBe('Basha: home services and rentals in Bangladesh');
    expect(shellHead('bn').title).toMatch(/^বাসা/);
  });

  it('offers only the smallest hero in the variant for phones that save data, the same size either way', () => {
    const full = renderLandingFirstScreen('en');
    const small = renderLandingFirstScreen('en', true);
    expect(full).toContain('hero-1600.webp 1600w');
    expect(small).not.toMatch(/hero-(960|1600)/);
    expect(small).toContain('/images/landing/hero-480.webp 480w');
    for (const html of [full, small]) expect(html).toContain('width="1600" height="900"');
  });

  it('gives a service list the header, its heading with the category’s icon and its lead, in the language asked for', () => {
    const bangla = renderListFirstScreen('bn', { kind: 'services', category: 'Plumber' });
    expect(bangla).toContain('site-header');
    expect(bangla).toContain('মূল অংশে যান');
    expect(bangla).toMatch(/<h1 id="results-title"[^>]*>.*<svg class="category-icon".*প্লাম্বার সেবাদাতা<\/h1>/);
    expect(bangla).toContain('যাচাই করা স্থানীয় সেবাদাতাদের দেখুন');
    expect(bangla).not.toContain('Skip to content');
    // No link of the header shows as the current page until the app does.
    expect(bangla).not.toContain('aria-current');
    const all = renderListFirstScreen('en', { kind: 'services', category: 'all' });
    expect(all).toContain('Skip to content');
    expect(all).toMatch(/<h1 id="results-title"[^>]*>All Professionals<\/h1>/);
  });

  it('gives the rent list the header, its heading, its lead and the link to post an ad', () => {
    const english = renderListFirstScreen('en', { kind: 'rent' });
    expect(english).toContain('<main id="content" class="site-main"><section class="rent-page">');
    expect(english).toContain('<h1>Homes for rent</h1>');
    expect(english).toContain('Flats, rooms, shops and offices across Bangladesh.');
    expect(english).toMatch(/<a [^>]*href="\/main\/add-rent"[^>]*>Add New Rental<\/a>/);
    expect(renderListFirstScreen('bn', { kind: 'rent' })).toContain('<h1>ভাড়ার বাসা</h1>');
  });

  it('has a first screen for the rent list and for each category’s list, all under different keys', () => {
    const screens = listFirstScreens();
    expect(screens.map((screen) => screen.path)).toEqual([
      '/main/rent',
      '/main/find-service/all',
      ...SERVICE_CATEGORIES.map((category) => findServicePath(category)),
    ]);
    expect(new Set(screens.map((screen) => screen.key)).size).toBe(screens.length);
  });
});
