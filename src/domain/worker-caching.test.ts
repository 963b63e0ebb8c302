import { describe, expect, it } from 'vitest';
import { groupsToCache, isAppFilePath } from './worker-caching';

describe('what the service worker keeps beyond its shell', () => {
  it('keeps nothing optional while the phone saves data', () => {
    expect(groupsToCache({ saveData: true, type: 'wifi' })).toEqual([]);
  });

  it('keeps the pages a visitor opens next, and the rest only on Wi-Fi or a cable', () => {
    expect(groupsToCache({ saveData: false, type: 'cellular' })).toEqual(['next']);
    expect(groupsToCache({ saveData: false, type: undefined })).toEqual(['next']);
    expect(groupsToCache({ saveData: false, type: 'wifi' })).toEqual(['next', 'member', 'later']);
    expect(groupsToCache({ saveData: false, type: 'ethernet' })).toEqual(['next', 'member', 'later']);
  });

  it('caches the build’s files for the page, never the API, uploads or the sign-in proxy', () => {
    expect(isAppFilePath('/assets/index-abc.js')).toBe(true);
    expect(isAppFilePath('/images/landing/hero-480.webp')).toBe(true);
    expect(isAppFilePath('/api/v1/rent/rent-posts')).toBe(false);
    expect(isAppFilePath('/uploads/rent/x.webp')).toBe(false);
    expect(isAppFilePath('/identitytoolkit.googleapis.com/v1/accounts')).toBe(false);
  });
});
