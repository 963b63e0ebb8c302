import { describe, expect, it } from 'vitest';
import { getLocale } from '@/i18n/generated/runtime.js';
import { renderLandingFirstScreen, renderListFirstScreen, shellHead } from './landing-first-screen';

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

  it('gives the list pages the header alone, in the language asked for, with no link marked as the current page', () => {
    const bangla = renderListFirstScreen('bn');
    expect(bangla).toContain('site-header');
    expect(bangla).toContain('মূল অংশে যান');
    expect(bangla).not.toContain('Skip to content');
    expect(bangla).not.toContain('aria-current');
    expect(bangla).not.toContain('<main');
    expect(renderListFirstScreen('en')).toContain('Skip to content');
  });
});
