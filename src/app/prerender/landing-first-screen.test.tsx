import { describe, expect, it } from 'vitest';
import { getLocale } from '@/i18n/generated/runtime.js';
import { renderLandingFirstScreen, shellHead } from './landing-first-screen';

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
});
