import { describe, expect, it } from 'vitest';
import { groupsToCache, isAppFilePath } from './worker-caching';

describe('what the service worker keeps beyond its shell', () => {
  it('keeps nothing optional while the phone saves data', () => {
    expect(groupsToCache({ saveData: true, type: 'wifi', signedIn: true })).toEqual([]);
  });

  it('keeps the pages a visitor opens next, the signed-in pages once signed in, and the rest only on Wi-Fi or a cable', () => {
    expect(groupsToCache({ saveData: false, type: 'cellular', signedIn: false })).toEqual(['next']);
    expect(groupsToCache({ saveData: false, type: undefined, signedIn: true })).toEqual(['next', 'member']);
    expect(groupsToCache({ saveData: false, type: 'wifi', signedIn: false })).toEqual(['next', 'later']);
    expect(groupsToCache({ saveData: false, type: 'ethernet', signedIn: true })).toEqual(['next', 'member', 'later']);
  });

  it('caches the build’s files for the page, never the API, uploads or the sign-in proxy', () => {
    expect(isAppFilePath('/assets/index-abc.js')).toBe(true);
    expect(isAppFilePath('/images/landing/hero-480.webp')).toBe(true);
    expect(isAppFilePath('/api/v1/rent/rent-posts')).toBe(false);
    expect(isAppFilePath('/uploads/rent/x.webp')).toBe(false);
    expect(isAppFilePath('/identitytoolkit.googleapis.com/v1/accounts')).toBe(false);
  });
});
